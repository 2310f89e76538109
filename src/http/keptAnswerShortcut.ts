// Kept answers given in Node's request handler, before Koa: an anonymous GET whose address has an answer kept for it
// (keptAnswerBook.ts) gets the very status, headers and bytes the Koa path would give it (the ids of the request,
// the security and API headers, CORS, the kept headers, Koa's Content-Type and Content-Length, conditional GET), with
// its request metric, log line and kept-answers count, without Koa's context, middleware chain and response helpers.
// Anything else goes on to Koa, whose own keptAnswers middleware gives the same answers from the same tables.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { CorsOrigins } from '../config/config.ts';
import { apiHeaders, corsHeadersFor, jsonType } from './middleware/commonHeaders.ts';
import { etagOfBytes, namesTag } from './middleware/conditionalGet.ts';
import { stillFresh } from './middleware/freshness.ts';
import type { KeptAnswer, KeptAnswerBook } from './middleware/keptAnswerBook.ts';
import type { FirstRead } from './firstItemReads.ts';
import type { ServiceMetrics } from './observability/metrics.ts';
import { logRequest, requestIdsFrom, securityHeaders } from './observability/requestContext.ts';

/** Answers the request and returns true, or returns false having touched nothing. */
export type RequestShortcut = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface ShortcutDeps {
  readonly book: KeptAnswerBook;
  readonly corsOrigins: CorsOrigins;
  readonly metrics: Pick<ServiceMetrics, 'requestDuration' | 'keptAnswers'>;
  readonly logger: Logger;
  /** Asked when nothing is kept for the address: a first read it can answer as Koa would (firstItemReads.ts). */
  readonly firstRead?: FirstRead;
}

/** Header names and values in turn, as `res.writeHead` takes them. */
type FlatHeaders = (string | number | string[])[];

/** One way of answering from a kept answer: its status and headers after the CORS ones, and the whole list without. */
interface Way {
  readonly status: 200 | 304;
  readonly tail: FlatHeaders;
  /**
   * The list sent when the request names no Origin, made at the way's first such answer (most kept answers, first
   * reads above all, answer one way only), the ids at places 1 and 3 written in before each answer: Node turns the
   * list into the header text within `writeHead` and keeps no hold of it, so one list serves every answer.
   */
  whole?: FlatHeaders;
  /** The request metric's series of this way's route and status, bound at its first answer. */
  observe?: (seconds: number) => void;
}

/** The ways of answering from one kept answer, made the first time it answers here. */
interface PreparedAnswer {
  readonly ok: Way;
  /** A 304 to an If-None-Match naming the ETag (conditionalGet.ts): the 200's headers but the body's own. */
  readonly matched: Way;
  /** A 304 from the validators a feed keeps (`KeptAnswer.notModified`). */
  readonly notModified: Way;
  readonly etag: string;
  /** The route pattern the request metric names, as requestContext.ts does. */
  readonly route: string;
}

/** Requests whose answer may be theirs alone; the routes never keep such answers, and Koa still decides here. */
const unlocking = /[?&](?:password|context)(?:[=&]|$)/;
/** Stand-in for the request and correlation ids, at places 1 and 3 of every header list. */
const idSlot = '';

const flat = (headers: Readonly<Record<string, string>>): FlatHeaders => Object.entries(headers).flat();

/**
 * The kept headers as Koa leaves them: the type in its first place (set by the route's body, valued last by
 * commonHeaders.ts), then the length, then an ETag of the bytes when the route set none; a 304 loses type and length.
 */
function prepare(kept: KeptAnswer): PreparedAnswer {
  const contentType = kept.contentType ?? jsonType;
  const ok: FlatHeaders = [];
  const matched: FlatHeaders = [];
  let typed = false;
  let etag: string | undefined;
  for (const [name, value] of kept.headers) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') {
      typed = true;
      ok.push('Content-Type', contentType);
      continue;
    }
    if (lower === 'etag') etag = String(value);
    ok.push(name, value);
    matched.push(name, value);
  }
  const body = kept.body ?? Buffer.alloc(0);
  if (!typed) ok.push('Content-Type', contentType);
  ok.push('Content-Length', String(body.length));
  if (etag === undefined) {
    etag = etagOfBytes(body);
    ok.push('ETag', etag);
    matched.push('ETag', etag);
  }
  const notModified = (kept.notModified?.headers ?? []).flatMap(([name, value]): FlatHeaders => [name, value]);
  const way = (status: 200 | 304, tail: FlatHeaders): Way => ({ status, tail });
  return {
    ok: way(200, ok),
    matched: way(304, matched),
    notModified: way(304, notModified),
    etag,
    route: kept.route ?? 'unmatched',
  };
}

/** How to answer `req` from `kept`, as keptAnswers.ts and conditionalGet.ts decide; undefined: Koa answers. */
function chooseWay(req: IncomingMessage, kept: KeptAnswer, prepared: PreparedAnswer): Way | undefined {
  const ifNoneMatch = req.headers['if-none-match'];
  const { notModified } = kept;
  if (notModified !== undefined && stillFresh(ifNoneMatch, req.headers['if-modified-since'], notModified.validators))
    return prepared.notModified;
  if (kept.body === undefined) return undefined;
  if (ifNoneMatch !== undefined && ifNoneMatch !== '' && namesTag(ifNoneMatch, prepared.etag)) return prepared.matched;
  return prepared.ok;
}

/** Made by the composition root, one per app: the prepared answers and metric children are the app's. */
export function keptAnswerShortcut(deps: ShortcutDeps): RequestShortcut {
  const leading: FlatHeaders = ['X-Request-Id', idSlot, 'X-Correlation-Id', idSlot];
  leading.push(...flat(securityHeaders), ...flat(apiHeaders));
  const withoutOrigin = flat(corsHeadersFor('', deps.corsOrigins));
  const frame = [...leading, ...withoutOrigin];
  const preparedAnswers = new WeakMap<KeptAnswer, PreparedAnswer>();
  const preparedOf = (kept: KeptAnswer) => {
    let prepared = preparedAnswers.get(kept);
    if (prepared === undefined) preparedAnswers.set(kept, (prepared = prepare(kept)));
    return prepared;
  };
  const { requestDuration } = deps.metrics;
  // By status and route: a first read's answer is prepared for its request alone, and binding a prom-client child
  // (labels hashed, looked up) for each cost more than the rest of its metric.
  const observers = new Map<string, (seconds: number) => void>();
  const observerFor = (route: string, status: number) => {
    const key = `${status} ${route}`;
    let observe = observers.get(key);
    if (observe === undefined) observers.set(key, (observe = boundObserver(requestDuration, route, status)));
    return observe;
  };
  const observerOf = (way: Way, route: string) => (way.observe ??= observerFor(route, way.status));

  return (req, res) => {
    // A float rather than a bigint: the clock read allocates nothing.
    const started = performance.now();
    const url = req.url ?? '';
    if (req.method !== 'GET' || req.headers.authorization !== undefined || unlocking.test(url)) return false;
    const origin = req.headers.origin ?? '';
    const cors = origin === '' ? undefined : flat(corsHeadersFor(origin, deps.corsOrigins));
    // An origin the policy does not let read answers gets Koa's answer (whatever it is), as any unusual request.
    if (cors !== undefined && !cors.includes('Access-Control-Allow-Origin')) return false;
    const tables = deps.book();
    const keptBefore = tables.find(url);
    // A first read is not an answer given again: Koa's path does not count it as kept either.
    const kept = keptBefore ?? deps.firstRead?.(url, tables);
    if (kept === undefined) return false;
    // A first read's answer is mostly never given again (firstItemReads.ts): prepared for this request alone.
    const prepared = keptBefore === undefined ? prepare(kept) : preparedOf(kept);
    const way = chooseWay(req, kept, prepared);
    if (way === undefined) return false;
    // Node joins repeated headers of these names into one text, as Koa reads them.
    const ids = requestIdsFrom(
      req.headers['x-request-id'] as string | undefined,
      req.headers['x-correlation-id'] as string | undefined,
    );
    const headers = cors === undefined ? (way.whole ??= [...frame, ...way.tail]) : [...leading, ...cors, ...way.tail];
    headers[1] = ids.requestId;
    headers[3] = ids.correlationId;
    // Timed up to the write, as requestContext.ts times Koa's answers (Koa writes after the middleware returned).
    const seconds = (performance.now() - started) / 1e3;
    res.writeHead(way.status, headers);
    if (way.status === 200) res.end(kept.body);
    else res.end();
    if (keptBefore !== undefined) deps.metrics.keptAnswers.inc();
    observerOf(way, prepared.route)(seconds);
    logRequest(deps.logger, ids, 'GET', url, way.status, seconds);
    return true;
  };
}

/** The prom-client child of the request metric for GETs of `route` answered `status`. */
function boundObserver(
  histogram: ServiceMetrics['requestDuration'],
  route: string,
  status: number,
): (seconds: number) => void {
  const child = histogram.labels({ method: 'GET', route, status: String(status) });
  return (seconds) => child.observe(seconds);
}
