// The answers kept for anonymous GETs, by address: filled by the Koa middleware (keptAnswers.ts) and read by it and by
// the shortcut that answers them before Koa (keptAnswerShortcut.ts), so that both give the same answers for the same
// read-model position and clock second.
import type { ReadModelMemo } from '../readModelMemo.ts';
import type { AnswerValidators } from './freshness.ts';

export type HeaderList = readonly (readonly [string, number | string | string[]])[];

/** What the API's middleware and route added to a kept answer: headers (as written, in order), body, route. */
export interface KeptAnswer {
  readonly headers: HeaderList;
  /** None when only a 304 was answered: the entry then answers only revalidations that still match. */
  readonly body: Buffer | undefined;
  /** The route pattern, which the request metrics name (requestContext.ts). */
  readonly route: string | undefined;
  /**
   * The type named in `ctx.state.contentType` (commonHeaders.ts), for answers that are not JSON: a full type with its
   * charset, which Koa writes as given.
   */
  readonly contentType: string | undefined;
  /** For answers that decide their own 304: their validators, and the headers a 304 carries (as the route sets). */
  readonly notModified: { readonly validators: AnswerValidators; readonly headers: HeaderList } | undefined;
}

/**
 * How long an answer stays the same: `position` while the read model stays at one position (single items: their
 * rendering reads no clock); `second` also only within one second of the clock (lists: the default window, relative
 * dates and upcoming-event filters read the clock, at second precision).
 */
export type AnswerLife = 'position' | 'second';

/**
 * Addresses kept per position (single items) and per second (list pages). Bodies are the buffers the kept items and
 * pages hold, so an entry adds little while they keep theirs; past their own bounds, these tables may keep that many
 * bodies more: about 60 MB of single events, and the pages of one second (about 40 MB) at most.
 */
const itemAnswersKept = 10_000;
const pageAnswersKept = 1_000;

/** The tables of one moment (read-model position and clock second), taken before the answer is looked up or made. */
export interface KeptAnswerTables {
  /** The answer kept for `url`, if any. */
  find(url: string): KeptAnswer | undefined;
  /** Keeps `answer` for `url`, unless it depends on the clock and the second these tables were taken in is over. */
  keep(url: string, life: AnswerLife, answer: KeptAnswer): void;
}

/** Gives the tables of now: take them before reading what goes into them (see `ReadModelMemo.table`). */
export type KeptAnswerBook = () => KeptAnswerTables;

/**
 * One per app, made by the composition root. The read model changes only by applying events, which starts new memo
 * tables, so a read after a write never finds an answer from before it.
 */
export function keptAnswerBook(deps: { readonly memo: ReadModelMemo; readonly clock: () => Date }): KeptAnswerBook {
  let tableSecond = -1;
  // The tables last given, handed out again while their maps and second stay: most requests allocate nothing here.
  let given: { tables: KeptAnswerTables; forPosition: Map<string, KeptAnswer>; forSecond: Map<string, KeptAnswer> };
  const secondNow = () => Math.floor(deps.clock().getTime() / 1000);
  return () => {
    const forPosition = deps.memo.table<KeptAnswer, string>('kept answers', itemAnswersKept);
    const forSecond = deps.memo.table<KeptAnswer, string>('kept answers of the second', pageAnswersKept);
    const second = secondNow();
    // Last second's answers are never given again: dropped rather than kept until the table fills.
    if (second !== tableSecond) {
      forSecond.clear();
      tableSecond = second;
    } else if (given?.forPosition === forPosition && given.forSecond === forSecond) return given.tables;
    const tables: KeptAnswerTables = {
      find: (url) => forPosition.get(url) ?? forSecond.get(url),
      keep: (url, life, answer) => {
        if (life === 'position') forPosition.set(url, answer);
        // An answer that took until the next second may hold either second's reading of the clock.
        else if (secondNow() === second) forSecond.set(url, answer);
      },
    };
    given = { tables, forPosition, forSecond };
    return tables;
  };
}
