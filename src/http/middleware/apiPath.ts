// Koa middleware: recognises `/{ca|en|es}/cal/events/v1/...`, records the segment, and drops one trailing slash.
import type { Context, Next } from 'koa';
import { noRoute } from '../errors/wireError.ts';
import { stateOf } from '../requestScope.ts';
import type { Language } from '../../events/catalogue/values.ts';

const apiPath = /^(?:\/(ca|en|es))?(\/cal\/events\/v1(?:\/.*)?)$/;

/** Runs before the credential check so that its errors speak the segment's language. */
export async function apiPathOf(ctx: Context, next: Next): Promise<void> {
  const state = stateOf(ctx);
  state.messageLanguage = 'en';
  const match = apiPath.exec(ctx.path);
  if (match?.[2]) {
    if (match[1]) state.segment = state.messageLanguage = match[1] as Language;
    const path = match[2];
    ctx.path = path.length > '/cal/events/v1'.length && path.endsWith('/') ? path.slice(0, -1) : path;
  } else {
    ctx.state.outsideApi = true;
  }
  await next();
}

/** Runs after the credential check: paths outside the API are not routes (404). */
export async function insideApiOnly(ctx: Context, next: Next): Promise<void> {
  if (ctx.state.outsideApi) throw noRoute();
  await next();
}
