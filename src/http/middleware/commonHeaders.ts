// Koa middleware: the headers every response carries (wire.md §1.5).
import type { Context, Next } from 'koa';

export async function commonHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Disposition, Content-MD5, Content-Type');
  ctx.set('Access-Control-Expose-Headers', 'X-Cal-Total, X-Cal-TotalPages, Link');
  const origin = ctx.get('origin');
  if (origin) {
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Allow-Methods', 'OPTIONS, GET, POST, PUT, PATCH, DELETE');
    ctx.set('Access-Control-Allow-Credentials', 'true');
    ctx.set('Vary', 'Origin');
  }
  try {
    await next();
  } finally {
    ctx.type = 'application/json; charset=UTF-8';
    if (ctx.state.caller?.kind === 'user') ctx.set('Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private');
  }
}
