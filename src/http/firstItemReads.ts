// First anonymous reads of a single event, venue or organizer by id, answered before Koa: when the kept-answer
// shortcut (keptAnswerShortcut.ts) finds nothing kept for `GET /events/{id}`, `/venues/{id}` or `/organizers/{id}`
// (under any language root), the item is read from the read model in the calling turn and rendered by its route's
// own text renderer (`eventText`, eventReadRoutes.ts; `itemText`, itemReadRoutes.ts), its bytes kept where the route
// keeps them (sharedItems.ts), and the answer Koa would keep is put in the kept-answer book for the shortcut to write.
// A walk over distinct ids (every request a first read) then skips Koa's context, middleware chain and router.
// An answer is kept (its bytes, the event's own fragment, the book's entry) only when its address was asked for
// before (seenAddresses.ts): a read that comes once leaves only short-lived garbage, and one that comes again is kept
// from its second read on and answered from kept bytes from its third.
// Whatever the route would not answer 200 from the text path in this turn (no such item, one the caller may not
// read, a locked one or one showing a locked linked item, a read model that answers through promises, another
// spelling of the address, any query string) is left untouched to Koa, which answers as always.
import type { Language } from '../events/catalogue/values.ts';
import type { ItemDocument } from '../projections/posts/itemDocument.ts';
import type { ReadsNow } from '../projections/readStore.ts';
import { anonymous } from './auth/caller.ts';
import { noPasswordUnlocks } from './auth/passwordUnlocks.ts';
import { etagOfPost, postAllow, type LockablePost } from './auth/postAccess.ts';
import type { KeptAnswer, KeptAnswerTables } from './middleware/keptAnswerBook.ts';
import type { JsonText } from './representation/jsonText.ts';
import { keptItemInTurn, sharedItemsOf } from './representation/sharedItems.ts';
import { anonymousPageKey } from './representation/sharedPages.ts';
import { addressesFor } from './representation/site.ts';
import type { Scope } from './requestScope.ts';
import { readRefusal } from './routes/events/eventAccess.ts';
import { eventText, type EventReadDeps } from './routes/events/eventReadRoutes.ts';
import { alikeLinkedRendering } from './routes/events/eventRendering.ts';
import { mayReadItem } from './routes/items/itemAccess.ts';
import { itemText, type ItemReadDeps } from './routes/items/itemReadRoutes.ts';
import { organizerRouteKind, venueRouteKind, type ItemRouteKind } from './routes/items/itemRouteKind.ts';
import type { SeenAddresses } from './seenAddresses.ts';

/**
 * Makes the answer Koa would keep for `url`, when `url` is a first anonymous single read answered 200 from the text
 * path in the calling turn, and keeps it in `tables` when `url` was asked for before; else returns undefined, having
 * kept nothing.
 */
export type FirstRead = (url: string, tables: KeptAnswerTables) => KeptAnswer | undefined;

/** What the event, venue and organizer routes read with (the composition root's HttpParts). */
export type FirstReadDeps = EventReadDeps & ItemReadDeps;

/**
 * The by-id routes' addresses in the one spelling their answers are kept under: a language root or none, the API
 * path, a canonical id (no leading zero, at most 15 digits as `pathId` takes), no trailing slash, no query. Other
 * spellings (letter case, a trailing slash, `007`) are answered by Koa, which keeps them under their own address.
 */
const byIdAddress = /^(?:\/(ca|en|es))?\/cal\/events\/v1\/(events|venues|organizers)\/([1-9][0-9]{0,14})$/;

type Plural = 'events' | 'venues' | 'organizers';

/** One route's first read: the bytes and headers of its 200 for an anonymous scope, or undefined; `keep`: as Koa. */
type ReadOf = (now: ReadsNow, scope: Scope, id: number, keep: boolean) => KeptAnswer | undefined;

/** The scope `checkArgs` gives an anonymous request of a by-id route without query (endpoint.ts, requestScope.ts). */
function anonymousScope(deps: Pick<FirstReadDeps, 'settings'>, segment: Language | undefined, id: string): Scope {
  return {
    caller: anonymous,
    language: segment ?? 'en',
    addresses: addressesFor(deps.settings, segment),
    sources: { path: { id }, query: {}, queryOrder: [] },
    unlocks: noPasswordUnlocks,
  };
}

/** The answer keptAnswers.ts records of the route: the headers it adds in its order (setPostAllow, answerItem). */
function keptAnswerOf(plural: Plural, doc: LockablePost, etag: string, body: Buffer): KeptAnswer {
  return {
    headers: [
      ['Allow', postAllow(anonymous, doc)],
      ['ETag', etag],
      // Koa's spelling of `ctx.type = 'application/json'`.
      ['Content-Type', 'application/json; charset=utf-8'],
    ],
    body,
    // The pattern the request metric names (requestContext.ts reads Koa's matched route).
    route: `/cal/events/v1/${plural}/:id`,
    contentType: undefined,
    notModified: undefined,
  };
}

/** The bytes `answerItem` gives `doc` for this scope, made in this turn, kept as the route keeps them if `keep`. */
function bytesOf(
  deps: FirstReadDeps,
  kind: string,
  doc: LockablePost,
  scope: Scope,
  shared: ReturnType<typeof sharedItemsOf>,
  text: () => JsonText | undefined | Promise<JsonText | undefined>,
  keep: boolean,
): { etag: string; body: Buffer } | undefined {
  const key = anonymousPageKey(scope, [kind, scope.language, doc.id]) as string;
  const etag = etagOfPost(doc);
  const body = keptItemInTurn(deps, shared, key, etag, text, keep);
  return body === undefined ? undefined : { etag, body };
}

/** GET /events/{id} as eventReadRoutes.ts answers it. */
function eventRead(deps: FirstReadDeps): ReadOf {
  // Every scope here is anonymous, without query or unlocks (anonymousScope): one rendering per address variant.
  const linkedRendering = alikeLinkedRendering(deps);
  return (now, scope, id, keep) => {
    // Taken before the document is read, as the route does (sharedItems.ts).
    const shared = sharedItemsOf(deps.memo, 'event');
    const doc = now.events.get(id);
    if (doc === undefined || readRefusal(doc, scope) !== undefined) return undefined;
    const text = () => {
      const rendering = linkedRendering(scope, [doc]);
      return rendering && eventText(deps, scope, doc, rendering, keep);
    };
    const made = bytesOf(deps, 'event', doc, scope, shared, text, keep);
    return made && keptAnswerOf('events', doc, made.etag, made.body);
  };
}

/** GET /venues/{id} and /organizers/{id} as itemReadRoutes.ts answers them. */
function itemRead<D extends ItemDocument>(
  deps: FirstReadDeps,
  kind: ItemRouteKind<D>,
  get: (now: ReadsNow, id: number) => D | undefined,
): ReadOf {
  return (now, scope, id, keep) => {
    const shared = sharedItemsOf(deps.memo, kind.singular);
    const doc = get(now, id);
    if (doc === undefined || !mayReadItem(doc, scope)) return undefined;
    const made = bytesOf(deps, kind.singular, doc, scope, shared, () => itemText(deps, kind, doc, scope), keep);
    return made && keptAnswerOf(kind.plural as Plural, doc, made.etag, made.body);
  };
}

/**
 * Made by the composition root with the parts the routes have, so all read the same tables and fragments, and the
 * addresses asked for before (one table per app).
 */
export function firstItemReads(deps: FirstReadDeps, seen: SeenAddresses): FirstRead {
  const reads: Record<Plural, ReadOf> = {
    events: eventRead(deps),
    venues: itemRead(deps, venueRouteKind, (now, id) => now.venues.get(id)),
    organizers: itemRead(deps, organizerRouteKind, (now, id) => now.organizers.get(id)),
  };
  return (url, tables) => {
    const now = deps.readStore.readsNow;
    const match = now === undefined ? null : byIdAddress.exec(url);
    if (now === undefined || match === null) return undefined;
    const [, segment, plural, id] = match as unknown as [string, Language | undefined, Plural, string];
    const keep = seen.seenBefore(url);
    let answer: KeptAnswer | undefined;
    try {
      answer = reads[plural](now, anonymousScope(deps, segment, id), Number(id), keep);
    } catch {
      // A read model or renderer that fails here would throw out of Node's request handler: Koa reads again and
      // answers the failure in the wire format (wireErrors.ts), with its log line.
      return undefined;
    }
    if (answer !== undefined && keep) tables.keep(url, 'position', answer);
    return answer;
  };
}
