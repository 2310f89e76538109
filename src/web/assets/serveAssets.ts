// GET /assets/{name}: the pages' files, cacheable for a year under names that change with their content, with ETags
// and gzip for clients that accept it.
import type { Context } from 'koa';
import type { WebAssets } from './webAssets.ts';

export const immutableCaching = 'public, max-age=31536000, immutable';

/** True when it answered (found or not); the name is what follows `/assets/`. */
export function sendAsset(ctx: Context, assets: WebAssets, name: string): void {
  const asset = assets.files.get(name);
  ctx.set('Vary', 'Accept-Encoding');
  if (!asset) {
    ctx.status = 404;
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = 'Not found';
    return;
  }
  ctx.set('Cache-Control', immutableCaching);
  ctx.set('ETag', asset.etag);
  ctx.type = asset.type;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (asset.gzip && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = asset.gzip;
  } else {
    ctx.body = asset.body;
  }
}
