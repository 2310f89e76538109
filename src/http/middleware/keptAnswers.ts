// Koa middleware: a GET whose address was answered at this read-model position with bytes every anonymous caller gets
// alike (kept list pages and single items, sharedPages.ts and sharedItems.ts) is answered again with the same headers
// and bytes, without the credential check, routing, parameter decoding and page lookup. Answers that decide their own
// 304 (the calendar feeds) are kept with their validators, so that a revalidation that still matches gets its 304
// from here too, even when only 304s were answered so far.
import type { Context, Middleware, Next } from 'koa';
import type { ServerResponse } from 'node:http';
import type { AnswerLife, HeaderList, KeptAnswer, KeptAnswerBook } from './keptAnswerBook.ts';
import { stillFresh, type AnswerValidators } from './freshness.ts';

export type { AnswerLife } from './keptAnswerBook.ts';

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
function addedHeaders(res: ServerResponse, before: readonly string[]): HeaderList {
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
 * (a signed-in caller's answer is its own, and bad credentials are refused). `answeredAgain` counts the answers given
 * from here. Most of them are given before Koa (keptAnswerShortcut.ts), from the same book; this one answers those
 * the shortcut leaves to Koa (an Origin, a closing server) and keeps what the routes share.
 */
export function keptAnswers(book: KeptAnswerBook, answeredAgain: () => void): Middleware {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' || ctx.req.headers.authorization !== undefined) return next();
    const url = ctx.url;
    const tables = book();
    const kept = tables.find(url);
    if (kept !== undefined && answerAgain(ctx, kept)) {
      answeredAgain();
      return;
    }
    const before = ctx.res.getHeaderNames();
    await next();
    const life = ctx.state.sharedAnswer as AnswerLife | undefined;
    if (life === undefined) return;
    const answer = keepable(ctx, addedHeaders(ctx.res, before));
    if (answer !== undefined) tables.keep(url, life, answer);
  };
}
