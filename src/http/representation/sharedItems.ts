// Single items (an event, venue, organizer or term) that many callers read alike, answered again from their bytes
// while the read model stays put, as list pages are (sharedPages.ts).
import type { Context } from 'koa';
import type { ReadModelMemo } from '../readModelMemo.ts';
import { anonymous } from '../auth/caller.ts';
import { fillTranslations, renderJsonText, type TranslationFillDeps } from '../middleware/translationFill.ts';
import type { JsonText } from './jsonText.ts';
import { stringifyBody } from './jsonLdText.ts';
import { answerIsShared } from '../middleware/keptAnswers.ts';

/** An item as answered: its body with `translations` filled, and its validator. */
interface KeptItem {
  readonly body: Buffer;
  readonly etag: string;
}

/**
 * Items kept per kind and read-model position: an event is about 6 KB, so at most about 60 MB for events. When a kind
 * holds this many the memo starts its table afresh, so a walk over more distinct ids than this keeps rendering.
 */
const itemsKept = 10_000;

/** Where the bytes of one kind of item are kept for the current read-model position. */
export type SharedItems = Map<string, KeptItem>;

/**
 * The table of `kind` at the read model's current position. Take it BEFORE reading the item: the memo starts new
 * tables when the position moves, so bytes rendered from a read across that move land where no later request looks,
 * and a request never gets bytes older than the position it waited for (read-your-writes).
 */
export const sharedItemsOf = (memo: ReadModelMemo, kind: string): SharedItems =>
  memo.table<KeptItem, string>(`${kind} items`, itemsKept);

/**
 * Answers with the bytes kept under `key`, else with what `render` makes, its translations filled for an anonymous
 * caller and kept as bytes. `key` must stand for everything the body depends on besides the read model (see
 * `anonymousPageKey`); without one (a caller with rights or unlocks of their own) the body is answered as an object,
 * which the translation fill and conditional GET finish for that caller. The item's read rules are checked before.
 * `renderText`, when given, writes the same body as JSON text for the kept bytes (undefined: it cannot, the object
 * path answers).
 */
export async function answerItem(
  ctx: Context,
  deps: TranslationFillDeps,
  shared: SharedItems,
  key: string | undefined,
  etag: string,
  render: () => unknown,
  renderText?: () => JsonText | undefined | Promise<JsonText | undefined>,
): Promise<void> {
  ctx.set('ETag', etag);
  if (key === undefined) {
    ctx.body = await render();
    return;
  }
  let kept = shared.get(key);
  if (kept === undefined || kept.etag !== etag) {
    const text = anonymousText(deps, render, renderText);
    kept = keepItem(shared, key, etag, typeof text === 'string' ? text : await text);
  }
  ctx.type = 'application/json';
  ctx.body = kept.body;
  answerIsShared(ctx, 'position');
}

function keepItem(shared: SharedItems, key: string, etag: string, text: string): KeptItem {
  const kept = { body: Buffer.from(text), etag };
  shared.set(key, kept);
  return kept;
}

/**
 * The bytes `answerItem` answers with for `key`, when they are kept or can be made in the calling turn from
 * `renderText` (made ones are kept as `answerItem` keeps them, unless `keep` is false); undefined, keeping nothing,
 * when the text renderer cannot write this item (a blanked one) or would take another turn: the caller then leaves
 * the request to the route.
 */
export function keptItemInTurn(
  deps: TranslationFillDeps,
  shared: SharedItems,
  key: string,
  etag: string,
  renderText: () => JsonText | undefined | Promise<JsonText | undefined>,
  keep = true,
): Buffer | undefined {
  const kept = shared.get(key);
  if (kept !== undefined && kept.etag === etag) return kept.body;
  const text = renderText();
  if (text === undefined || text instanceof Promise) return undefined;
  const body = renderJsonText(text, deps, anonymous);
  if (typeof body !== 'string') return undefined;
  return keep ? keepItem(shared, key, etag, body).body : Buffer.from(body);
}

/**
 * The body an anonymous caller gets, `translations` filled: from the text renderer if it can, else the object. In
 * the calling turn when the text renderer and the translation lookup answer in it (the memory read model).
 */
function anonymousText(
  deps: TranslationFillDeps,
  render: () => unknown,
  renderText: (() => JsonText | undefined | Promise<JsonText | undefined>) | undefined,
): string | Promise<string> {
  const text = renderText?.();
  if (text instanceof Promise) return text.then((resolved) => fromTextOrObject(deps, render, resolved));
  return fromTextOrObject(deps, render, text);
}

function fromTextOrObject(
  deps: TranslationFillDeps,
  render: () => unknown,
  text: JsonText | undefined,
): string | Promise<string> {
  return text !== undefined ? renderJsonText(text, deps, anonymous) : objectText(deps, render);
}

async function objectText(deps: TranslationFillDeps, render: () => unknown): Promise<string> {
  const body = await render();
  await fillTranslations(body, deps, anonymous);
  return stringifyBody(body);
}
