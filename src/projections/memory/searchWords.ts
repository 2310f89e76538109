// Words of a search text as the search pre-filter cuts them: maximal runs of letters and digits.

const wordPattern = /^[\p{L}\p{N}]$/u;
/** Per UTF-16 code unit of the basic plane: 0 not yet classified, 1 part of a word, 2 not. */
const basicPlane = new Uint8Array(0x10000);

function isWordCodePoint(codePoint: number): boolean {
  if (codePoint < 0x10000) {
    let known = basicPlane[codePoint] as number;
    if (known === 0) basicPlane[codePoint] = known = wordPattern.test(String.fromCharCode(codePoint)) ? 1 : 2;
    return known === 1;
  }
  return wordPattern.test(String.fromCodePoint(codePoint));
}

/**
 * Calls `visit` with each word of `text`, in order, repeats included. A term's word always lies inside one word of
 * any text containing the term: whether a code point belongs to a word depends on it alone, and a surrogate pair is
 * one code point in both (a lone surrogate is never part of a word).
 */
export function forEachWord(text: string, visit: (word: string) => void): void {
  let start = -1;
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i) as number;
    const width = codePoint > 0xffff ? 2 : 1;
    if (isWordCodePoint(codePoint)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      visit(text.slice(start, i));
      start = -1;
    }
    i += width;
  }
  if (start >= 0) visit(text.slice(start));
}

export function wordsOf(text: string): string[] {
  const words: string[] = [];
  forEachWord(text, (word) => words.push(word));
  return words;
}
