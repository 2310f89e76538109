// Koa middleware: ends any request that failed with the wire error payload; nothing internal leaks out.
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { AppendOutcomeUnknown, StoreUnavailable } from '../../events/eventStore.ts';
import { WireError, simpleError } from '../errors/wireError.ts';
import { stateOf } from '../requestScope.ts';
import { redactedUrl } from '../observability/requestContext.ts';

export function wireErrors(logger: Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
    } catch (error) {
      const wire = error instanceof WireError ? error : (fromStoreRefusal(error) ?? fromFrameworkError(error));
      if (error instanceof StoreUnavailable || error instanceof AppendOutcomeUnknown)
        logger.warn(
          { err: error, method: ctx.method, url: redactedUrl(ctx.originalUrl) },
          error instanceof StoreUnavailable
            ? 'event store unavailable; answered 503'
            : 'append outcome unknown (claims kept); answered 503',
        );
      if (!wire) logger.error({ err: error, method: ctx.method, url: redactedUrl(ctx.originalUrl) }, 'request failed');
      const answer = wire ?? simpleError(500, 'rest_internal_error');
      ctx.status = answer.status;
      for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
      ctx.body = answer.body(stateOf(ctx).messageLanguage ?? 'en');
    }
  };
}

/** Errors raised by Koa's body parser and router carry an HTTP status we can answer with. */
function fromFrameworkError(error: unknown): WireError | undefined {
  const status = (error as { status?: unknown }).status;
  if (status === 413) return simpleError(413, 'rest_payload_too_large');
  if (status === 400 || status === 415) return simpleError(400, 'rest_invalid_json');
  if (error instanceof URIError) return simpleError(404, 'rest_no_route');
  return undefined;
}

/**
 * Registry steps of a write (ids, slug and name claims) throw it from deep inside; nothing of the write was applied.
 * An append whose outcome stayed unknown may have been applied: the caller is told so, and must read before retrying.
 */
function fromStoreRefusal(error: unknown): WireError | undefined {
  if (error instanceof AppendOutcomeUnknown) return simpleError(503, 'rest_write_outcome_unknown');
  return error instanceof StoreUnavailable
    ? simpleError(503, 'rest_store_unavailable', undefined, { 'Retry-After': '1' })
    : undefined;
}
