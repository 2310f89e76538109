// Koa middleware, outermost: gives each request an id and a correlation id, logs it, and times it for the metrics.
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { Caller } from '../auth/caller.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { ServiceMetrics } from './metrics.ts';
import { requestIdSource } from './requestIdSource.ts';

export interface RequestIds {
  /** This request; the causation id of the events it writes. */
  readonly requestId: string;
  /** The business operation the request belongs to: the caller's `X-Correlation-Id`, else the request id. */
  readonly correlationId: string;
}

/** Ids from callers are echoed into logs and event metadata, so only short, plain tokens are taken. */
const acceptableId = /^[A-Za-z0-9._:-]{1,128}$/;

/** The ids this process generates: one source for Koa's requests and the kept answers given before Koa. */
const freshRequestId = requestIdSource();

const idFrom = (header: string | undefined): string | undefined =>
  header !== undefined && acceptableId.test(header) ? header : undefined;

/** The request's ids from its `X-Request-Id` and `X-Correlation-Id` headers (absent: undefined or the empty text). */
export function requestIdsFrom(
  requestIdHeader: string | undefined,
  correlationIdHeader: string | undefined,
): RequestIds {
  const requestId = idFrom(requestIdHeader) ?? freshRequestId();
  return { requestId, correlationId: idFrom(correlationIdHeader) ?? requestId };
}

/** Set on every response after the ids, in this order. */
export const securityHeaders = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' } as const;

export const requestIdsOf = (ctx: Context): RequestIds => ctx.state.requestIds as RequestIds;

/** Query names whose values are secrets: `password` unlocks protected items, and the others never belong in logs. */
const SECRET_NAME = /pass|secret|token|key|auth/i;

/**
 * The request address as logs may keep it: the values of secret query parameters (`?password=…`) replaced. Bodies and
 * the `Authorization` header are never logged at all.
 */
export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // an undecodable name is judged as written
      }
      return equals >= 0 && SECRET_NAME.test(decoded) ? `${name}=[REDACTED]` : pair;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}`;
}

export function requestContext(logger: Logger, metrics: ServiceMetrics) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const ids = requestIdsFrom(ctx.get('x-request-id'), ctx.get('x-correlation-id'));
    ctx.state.requestIds = ids;
    // The security headers are set here rather than with the API's headers so that probes, metrics and the change
    // feed carry them too.
    const headers = { 'X-Request-Id': ids.requestId, 'X-Correlation-Id': ids.correlationId, ...securityHeaders };
    ctx.set(headers);
    const started = process.hrtime.bigint();
    try {
      await next();
    } catch (error) {
      // Koa answers an error that escapes every middleware itself, after removing all headers but the error's own.
      if (error instanceof Error)
        Object.assign(error, { headers: { ...(error as { headers?: object }).headers, ...headers } });
      throw error;
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // The route pattern, not the path: one series per route, whatever ids clients send.
      const route = typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : 'unmatched';
      metrics.requestDuration.observe({ method: ctx.method, route, status: String(ctx.status) }, seconds);
      logRequest(logger, ids, ctx.method, ctx.originalUrl, ctx.status, seconds);
    }
  };
}

/** The request's log line, when info is logged; its fields (the redacted address above all) built only then. */
export function logRequest(
  logger: Logger,
  ids: RequestIds,
  method: string,
  url: string,
  status: number,
  seconds: number,
): void {
  if (!logger.isLevelEnabled('info')) return;
  const ms = Math.round(seconds * 1e4) / 10;
  logger.info(
    { reqId: ids.requestId, correlationId: ids.correlationId, method, url: redactedUrl(url), status, ms },
    'request',
  );
}

/** Who and what caused a write made by this request: carried into the metadata of every event it appends. */
export function writeContextOf(ctx: Context, now: Date): WriteContext {
  const caller = ctx.state.caller as Caller;
  const ids = requestIdsOf(ctx);
  return {
    actor: caller.kind === 'user' ? String(caller.id) : 'anonymous',
    now,
    correlationId: ids.correlationId,
    causationId: ids.requestId,
  };
}
