// Words of a search text as the search pre-filter cuts them: maximal runs of letters and digits.

const wordPattern = /^[\p{L}\p{N}]$/u;

/**
 * Cuts texts into words, remembering which code points of the basic plane are word characters (a Unicode property
 * test per character is the costly part of cutting). A cache, so owned by what uses it: each memory event
 * collection's search index holds one (docs/architecture.md §2).
 */
export class SearchWords {
  /** Per UTF-16 code unit of the basic plane: 0 not yet classified, 1 part of a word, 2 not. */
  private readonly basicPlane = new Uint8Array(0x10000);

  private isWordCodePoint(codePoint: number): boolean {
    if (codePoint < 0x10000) {
      let known = this.basicPlane[codePoint] as number;
      if (known === 0) this.basicPlane[codePoint] = known = wordPattern.test(String.fromCharCode(codePoint)) ? 1 : 2;
      return known === 1;
    }
    return wordPattern.test(String.fromCodePoint(codePoint));
  }

  /**
   * Calls `visit` with each word of `text`, in order, repeats included. A term's word always lies inside one word of
   * any text containing the term: whether a code point belongs to a word depends on it alone, and a surrogate pair is
   * one code point in both (a lone surrogate is never part of a word).
   */
  forEachWord(text: string, visit: (word: string) => void): void {
    let start = -1;
    for (let i = 0; i < text.length;) {
      const codePoint = text.codePointAt(i) as number;
      const width = codePoint > 0xffff ? 2 : 1;
      if (this.isWordCodePoint(codePoint)) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        visit(text.slice(start, i));
        start = -1;
      }
      i += width;
    }
    if (start >= 0) visit(text.slice(start));
  }

  wordsOf(text: string): string[] {
    const words: string[] = [];
    this.forEachWord(text, (word) => words.push(word));
    return words;
  }
}
