// First anonymous reads of a single event, answered before Koa: when the kept-answer shortcut (keptAnswerShortcut.ts)
// finds nothing kept for `GET /events/{id}` (under any language root), the event is read from the read model in the
// calling turn and rendered by the route's own text renderer (`eventText`, eventReadRoutes.ts), its bytes kept where
// the route keeps them (sharedItems.ts), and the answer Koa would keep is put in the kept-answer book for the
// shortcut to write. A walk over distinct ids (every request a first read) then skips Koa's context, middleware
// chain and router. Whatever the route would not answer 200 from the text path in this turn (no such event, a trashed,
// draft, private or locked one, linked items locked for the request, a read model that answers through promises,
// any query string) is left untouched to Koa, which answers as always.
import type { Language } from '../events/catalogue/values.ts';
import { anonymous } from './auth/caller.ts';
import { noPasswordUnlocks } from './auth/passwordUnlocks.ts';
import { etagOfPost, postAllow } from './auth/postAccess.ts';
import type { KeptAnswer, KeptAnswerTables } from './middleware/keptAnswerBook.ts';
import { keptItemInTurn, sharedItemsOf } from './representation/sharedItems.ts';
import { anonymousPageKey } from './representation/sharedPages.ts';
import { addressesFor } from './representation/site.ts';
import type { Scope } from './requestScope.ts';
import { readRefusal } from './routes/events/eventAccess.ts';
import { eventText, type EventReadDeps } from './routes/events/eventReadRoutes.ts';
import { linkedRendering } from './routes/events/eventRendering.ts';

/**
 * Makes the answer Koa would keep for `url` and keeps it in `tables`, when `url` is a first anonymous single read
 * answered 200 from the text path in the calling turn; else returns undefined, having kept nothing.
 */
export type FirstRead = (url: string, tables: KeptAnswerTables) => KeptAnswer | undefined;

/**
 * The event route's address in the one spelling its answers are kept under: a language root or none, the API path,
 * a canonical id (no leading zero, at most 15 digits as `pathId` takes), no trailing slash, no query. Other
 * spellings (letter case, a trailing slash, `007`) are answered by Koa, which keeps them under their own address.
 */
const eventAddress = /^(?:\/(ca|en|es))?\/cal\/events\/v1\/events\/([1-9][0-9]{0,14})$/;

/** The pattern the request metric names for the route (requestContext.ts reads Koa's matched route). */
const eventRoute = '/cal/events/v1/events/:id';

/** The scope `checkArgs` gives an anonymous request of `/events/{id}` without query (endpoint.ts, requestScope.ts). */
function anonymousScope(deps: Pick<EventReadDeps, 'settings'>, segment: Language | undefined, id: string): Scope {
  return {
    caller: anonymous,
    language: segment ?? 'en',
    addresses: addressesFor(deps.settings, segment),
    sources: { path: { id }, query: {}, queryOrder: [] },
    unlocks: noPasswordUnlocks,
  };
}

/** Made by the composition root with the parts the event route has, so both read the same tables and fragments. */
export function firstItemReads(deps: EventReadDeps): FirstRead {
  return (url, tables) => {
    const now = deps.readStore.readsNow;
    const match = now === undefined ? null : eventAddress.exec(url);
    if (now === undefined || match === null) return undefined;
    const [, segment, id] = match as unknown as [string, Language | undefined, string];
    // Taken before the event is read, as the route does (sharedItems.ts).
    const shared = sharedItemsOf(deps.memo, 'event');
    const doc = now.events.get(Number(id));
    if (doc === undefined) return undefined;
    const scope = anonymousScope(deps, segment, id);
    if (readRefusal(doc, scope) !== undefined) return undefined;
    const key = anonymousPageKey(scope, ['event', scope.language, doc.id]) as string;
    const etag = etagOfPost(doc);
    const body = keptItemInTurn(deps, shared, key, etag, () =>
      eventText(deps, scope, doc, linkedRendering(deps, scope, [doc])),
    );
    if (body === undefined) return undefined;
    // The headers the route adds, in its order (setPostAllow, then answerItem), as keptAnswers.ts records them.
    const answer: KeptAnswer = {
      headers: [
        ['Allow', postAllow(anonymous, doc)],
        ['ETag', etag],
        // Koa's spelling of `ctx.type = 'application/json'`.
        ['Content-Type', 'application/json; charset=utf-8'],
      ],
      body,
      route: eventRoute,
      contentType: undefined,
      notModified: undefined,
    };
    tables.keep(url, 'position', answer);
    return answer;
  };
}
