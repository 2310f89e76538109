// Koa middleware: a GET whose address was answered at this read-model position with bytes every anonymous caller gets
// alike (kept list pages and single items, sharedPages.ts and sharedItems.ts) is answered again with the same headers
// and bytes, without the credential check, routing, parameter decoding and page lookup. Answers that decide their own
// 304 (the calendar feeds) are kept with their validators, so that a revalidation that still matches gets its 304
// from here too, even when only 304s were answered so far.
import type { Context, Middleware, Next } from 'koa';
import type { ServerResponse } from 'node:http';
import type { HttpParts } from '../services.ts';
import { stillFresh, type AnswerValidators } from './freshness.ts';

type HeaderList = readonly (readonly [string, number | string | string[]])[];

/** What the API's middleware and route added to a kept answer: headers (as written, in order), body, route. */
interface KeptAnswer {
  readonly headers: HeaderList;
  /** None when only a 304 was answered: the entry then answers only revalidations that still match. */
  readonly body: Buffer | undefined;
  /** The route pattern, which the request metrics name (requestContext.ts). */
  readonly route: string | undefined;
  /** The type named in `ctx.state.contentType` (commonHeaders.ts), for answers that are not JSON. */
  readonly contentType: string | undefined;
  /** For answers that decide their own 304: their validators, and the headers a 304 carries (as the route sets). */
  readonly notModified: { readonly validators: AnswerValidators; readonly headers: HeaderList } | undefined;
}

/**
 * Addresses kept per position (single items) and per second (list pages). Bodies are the buffers the kept items and
 * pages hold, so an entry adds little while they keep theirs; past their own bounds, these tables may keep that many
 * bodies more: about 60 MB of single events, and the pages of one second (about 40 MB) at most.
 */
const itemAnswersKept = 10_000;
const pageAnswersKept = 1_000;

/**
 * How long an answer stays the same: `position` while the read model stays at one position (single items: their
 * rendering reads no clock); `second` also only within one second of the clock (lists: the default window, relative
 * dates and upcoming-event filters read the clock, at second precision).
 */
export type AnswerLife = 'position' | 'second';

/**
 * Called by a route whose answer is the same for every anonymous request of this address for `life`: the bytes were
 * kept for anonymous callers sending no `password` and no `context` (`anonymousPageKey`), or are public (term pages).
 */
export function answerIsShared(ctx: Context, life: AnswerLife): void {
  ctx.state.sharedAnswer = life;
}

/**
 * Called by a route that decides its own 304 from `validators` (If-None-Match, else If-Modified-Since), when they are
 * the same for every anonymous request of this address for `life`: its 304, and its 200 when it also calls
 * `answerIsShared`, are then given again from here. Headers it sets for a 304 are set before calling this.
 */
export function validatorsAreShared(ctx: Context, life: AnswerLife, validators: AnswerValidators): void {
  ctx.state.sharedAnswer = life;
  ctx.state.sharedValidators = validators;
}

/** Headers the answer has now that it did not have before the inner middleware ran. */
function addedHeaders(res: ServerResponse, before: readonly string[]): KeptAnswer['headers'] {
  const added: [string, number | string | string[]][] = [];
  // Node's outgoing messages all have it (the header names as set, not lower-cased); its types declare it on requests.
  for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    const lower = name.toLowerCase();
    if (lower === 'content-length' || before.includes(lower)) continue;
    const value = res.getHeader(lower);
    if (value !== undefined) added.push([name, value]);
  }
  return added;
}

/** Answers from `kept`; false (nothing set) when it holds only a 304 and the request does not still match it. */
function answerAgain(ctx: Context, kept: KeptAnswer): boolean {
  const { notModified } = kept;
  const { headers } = ctx.req;
  const fresh =
    notModified !== undefined &&
    stillFresh(headers['if-none-match'], headers['if-modified-since'], notModified.validators);
  if (!fresh && kept.body === undefined) return false;
  for (const [name, value] of fresh ? notModified.headers : kept.headers) ctx.res.setHeader(name, value);
  if (kept.route !== undefined) ctx._matchedRoute = kept.route;
  if (kept.contentType !== undefined) ctx.state.contentType = kept.contentType;
  if (fresh) ctx.status = 304;
  else ctx.body = kept.body;
  return true;
}

/** What to keep of the answer just given, if it may be given again. */
function keepable(ctx: Context, headers: HeaderList): KeptAnswer | undefined {
  const { body, status } = ctx;
  const validators = ctx.state.sharedValidators as AnswerValidators | undefined;
  const answered = status === 200 && Buffer.isBuffer(body);
  if (!answered && !(status === 304 && validators !== undefined)) return undefined;
  const etagAndDate = headers.filter(([name]) => /^(?:etag|last-modified)$/i.test(name));
  return {
    headers: answered ? headers : etagAndDate,
    body: answered ? body : undefined,
    route: typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : undefined,
    contentType: ctx.state.contentType as string | undefined,
    notModified: validators === undefined ? undefined : { validators, headers: etagAndDate },
  };
}

/**
 * Only requests without `Authorization` are answered from here: whatever the header holds, the full path decides
 * (a signed-in caller's answer is its own, and bad credentials are refused). The read model changes only by applying
 * events, which starts new memo tables, so a read after a write is never answered from before it. `answeredAgain`
 * counts the answers given from here.
 */
export function keptAnswers(deps: Pick<HttpParts, 'memo' | 'clock'>, answeredAgain: () => void): Middleware {
  let tableSecond = -1;
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' || ctx.req.headers.authorization !== undefined) return next();
    const url = ctx.url;
    const forPosition = deps.memo.table<KeptAnswer, string>('kept answers', itemAnswersKept);
    const forSecond = deps.memo.table<KeptAnswer, string>('kept answers of the second', pageAnswersKept);
    const second = Math.floor(deps.clock().getTime() / 1000);
    // Last second's answers are never given again: dropped rather than kept until the table fills.
    if (second !== tableSecond) {
      forSecond.clear();
      tableSecond = second;
    }
    const kept = forPosition.get(url) ?? forSecond.get(url);
    if (kept !== undefined && answerAgain(ctx, kept)) {
      answeredAgain();
      return;
    }
    const before = ctx.res.getHeaderNames();
    await next();
    const life = ctx.state.sharedAnswer as AnswerLife | undefined;
    if (life === undefined) return;
    // An answer that took until the next second may hold either second's reading of the clock.
    if (life === 'second' && Math.floor(deps.clock().getTime() / 1000) !== second) return;
    const answer = keepable(ctx, addedHeaders(ctx.res, before));
    if (answer !== undefined) (life === 'position' ? forPosition : forSecond).set(url, answer);
  };
}
