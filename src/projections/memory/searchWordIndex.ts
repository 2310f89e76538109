// A pre-filter for search terms over the event documents' search texts: their vocabulary of words, and per word the
// slots of the documents holding it. Built on the first search, then kept current cheaply and rebuilt now and then.
import type { CandidateSource } from './eventCandidates.ts';
import type { EventColumns } from './eventColumns.ts';
import type { SlotMarks } from './slotMarks.ts';
import { SearchWords } from './searchWords.ts';

/** Never part of a word, so a run found in the joined vocabulary lies within one word. */
const wordSeparator = '\n';
/** Texts changed since the build are candidates of every search; past this many, a rebuild is the cheaper way. */
const rebuildAfterChanges = (indexed: number): number => Math.max(256, indexed >> 6);
/** A term's run narrows the candidates only when walking its postings costs at most this many times the best one's. */
const joinRatio = 8;

interface Postings {
  /** The vocabulary, words joined by the separator: one `indexOf` walk finds every word containing a run. */
  readonly vocabulary: string;
  /** Offset of each word in `vocabulary`, ascending, then one past the end. */
  readonly wordStarts: Int32Array;
  /** Slots of the documents holding word w: `slots[postingStarts[w] .. postingStarts[w + 1])`, ascending. */
  readonly postingStarts: Int32Array;
  readonly slots: Int32Array;
  /** Slots indexed: those at or above it came later and are among the changed ones. */
  readonly indexed: number;
}

/**
 * A term's maximal run of letters and digits can only occur inside a word of a text containing the term, so the
 * documents holding a word that contains the run are a superset of the term's matches. Texts that changed after the
 * build are candidates of every search until the next build; the caller checks every candidate with the real matcher.
 */
export class SearchWordIndex {
  private postings: Postings | undefined;
  /** Slots whose text changed since the build, or which came after it. */
  private readonly changed = new Set<number>();
  /** This index's own word cutter and its memo of word characters. */
  private readonly wordCutter = new SearchWords();

  constructor(
    private readonly columns: EventColumns,
    private readonly marks: SlotMarks,
  ) {}

  /** For every put; nothing to do until the first search builds the index. */
  noteText(slot: number, previous: string | undefined, text: string): void {
    if (this.postings === undefined || previous === text) return;
    this.changed.add(slot);
    if (this.changed.size > rebuildAfterChanges(this.postings.indexed)) {
      this.postings = undefined;
      this.changed.clear();
    }
  }

  /**
   * The documents holding, for every term, a word that contains the term's most selective run of letters and digits
   * (terms whose run is far less selective than the best one's are left to the caller's check). Undefined when no
   * term has such a run: every document may then match.
   */
  candidates(terms: readonly string[]): CandidateSource | undefined {
    const postings = (this.postings ??= buildPostings(this.columns, this.wordCutter));
    const distinct = [...new Set(terms)];
    const filters = distinct.flatMap((term) => this.bestRun(postings, term) ?? []).sort((a, b) => a.size - b.size);
    const first = filters[0];
    if (first === undefined) return undefined;
    const joined = filters.filter((f) => f.size <= first.size * joinRatio);
    // A term that is one whole run matches exactly the documents with a word containing it.
    const exact = joined.length === distinct.length && joined.every((f) => f.exact);
    return {
      size: first.size,
      decides: exact ? 'searchTerms' : undefined,
      forEachSlot: (visit) => this.visitAll(postings, joined, terms, visit),
    };
  }

  /**
   * The words containing the term's most selective run, and how many postings entries they hold (changed slots
   * included).
   */
  private bestRun(postings: Postings, term: string): RunFilter | undefined {
    let best: RunFilter | undefined;
    let runs = 0;
    this.wordCutter.forEachWord(term, (run) => {
      runs++;
      const words = wordsContaining(postings, run);
      let size = this.changed.size;
      for (const w of words) size += (postings.postingStarts[w + 1] as number) - (postings.postingStarts[w] as number);
      if (best === undefined || size < best.size) best = { words, size, exact: run === term };
    });
    return best && { ...best, exact: runs === 1 && best.exact };
  }

  /**
   * Visits the slots in the postings of every filter: each filter raises the slots the filters before it all held
   * by one level. Changed slots, whose postings may be stale, are checked against their text instead.
   */
  private visitAll(
    { postingStarts, slots }: Postings,
    filters: readonly RunFilter[],
    terms: readonly string[],
    visit: (slot: number) => void,
  ): void {
    const marks = this.marks;
    const done = filters.length + 1;
    const [only] = filters;
    if (filters.length === 1 && only?.words.length === 1 && this.changed.size === 0) {
      // One word's postings, each slot once: nothing to mark.
      const word = only.words[0] as number;
      for (let p = postingStarts[word] as number, end = postingStarts[word + 1] as number; p < end; p++)
        visit(slots[p] as number);
      return;
    }
    marks.begin(this.columns.size, done);
    for (const slot of this.changed) {
      marks.raise(slot, done);
      const text = this.columns.doc(slot).searchText;
      if (terms.every((term) => text.includes(term))) visit(slot);
    }
    filters.forEach(({ words }, level) => {
      const last = level === filters.length - 1;
      for (const w of words) {
        for (let p = postingStarts[w] as number, end = postingStarts[w + 1] as number; p < end; p++) {
          const slot = slots[p] as number;
          if (marks.level(slot) !== level) continue;
          marks.raise(slot, level + 1);
          if (last) visit(slot);
        }
      }
    });
  }
}

interface RunFilter {
  readonly words: readonly number[];
  readonly size: number;
  /** The term is this one run: the filter decides it. */
  readonly exact: boolean;
}

function wordsContaining({ vocabulary, wordStarts }: Postings, run: string): number[] {
  const words: number[] = [];
  for (let at = vocabulary.indexOf(run); at >= 0;) {
    const word = wordAt(wordStarts, at);
    words.push(word);
    at = vocabulary.indexOf(run, wordStarts[word + 1] as number);
  }
  return words;
}

/** The word whose span holds offset `at`: the last start at or before it. */
function wordAt(wordStarts: Int32Array, at: number): number {
  let low = 0;
  let high = wordStarts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if ((wordStarts[mid] as number) <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Two passes over the words of every text: count each word's holders, then place each holder. */
function buildPostings(columns: EventColumns, cutter: SearchWords): Postings {
  const wordNumbers = new Map<string, number>();
  const words: string[] = [];
  const holders: number[] = [];
  const lastHolder: number[] = [];
  /** The distinct words of each slot, slot after slot; `slotEnds` marks where each slot's words end. */
  const slotWords = new GrowableInt32Array();
  const indexed = columns.size;
  const slotEnds = new Int32Array(indexed);
  for (let slot = 0; slot < indexed; slot++) {
    cutter.forEachWord(columns.doc(slot).searchText, (word) => {
      let w = wordNumbers.get(word);
      if (w === undefined) {
        w = words.length;
        wordNumbers.set(word, w);
        words.push(word);
        holders.push(0);
        lastHolder.push(-1);
      }
      if (lastHolder[w] === slot) return;
      lastHolder[w] = slot;
      holders[w] = (holders[w] as number) + 1;
      slotWords.push(w);
    });
    slotEnds[slot] = slotWords.length;
  }
  const postingStarts = new Int32Array(words.length + 1);
  for (let w = 0; w < words.length; w++) postingStarts[w + 1] = (postingStarts[w] as number) + (holders[w] as number);
  const next = postingStarts.slice(0, words.length);
  const slots = new Int32Array(slotWords.length);
  for (let slot = 0, p = 0; slot < indexed; slot++) {
    for (const end = slotEnds[slot] as number; p < end; p++) {
      const w = slotWords.at(p);
      const at = next[w] as number;
      slots[at] = slot;
      next[w] = at + 1;
    }
  }
  const wordStarts = new Int32Array(words.length + 1);
  for (let w = 0; w < words.length; w++)
    wordStarts[w + 1] = (wordStarts[w] as number) + (words[w] as string).length + wordSeparator.length;
  return { vocabulary: words.join(wordSeparator), wordStarts, postingStarts, slots, indexed };
}

/** Numbers appended one by one into doubling typed arrays: a build's temporary list without boxed elements. */
class GrowableInt32Array {
  private values = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  at(index: number): number {
    return this.values[index] as number;
  }
}
