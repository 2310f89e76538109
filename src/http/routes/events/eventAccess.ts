// Finding the event an item route names, and the read and edit rules applied to it (docs/api.md §3.2, §9, §12).
import type { Context } from 'koa';
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import { canCreatePosts, canEditPost, canReadPost, type Caller } from '../../auth/caller.ts';
import type { WriteGuard } from '../../../commands/posts/writeGuard.ts';
import { isLockedPost, itemsBySlug, preferredBySlug } from '../../auth/postAccess.ts';
import { simpleError } from '../../errors/wireError.ts';
import type { HttpParts } from '../../services.ts';
import type { Scope } from '../../requestScope.ts';
import { findImage } from '../../../commands/images/imageRecords.ts';

/** A digits-only path id, or undefined for anything else (which is not a route: 404). */
export function pathId(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\d+$/.test(raw) && raw.length < 16 ? Number(raw) : undefined;
}

/** Among events sharing a slug in the request's language, the published one wins, else the lowest id (§9). */
export async function eventBySlug(
  deps: Pick<HttpParts, 'readStore'>,
  language: string,
  slug: string,
): Promise<EventDocument | undefined> {
  return preferredBySlug(await itemsBySlug((sent) => deps.readStore.events.bySlug(language, sent), slug));
}

/** Checks 3–5 of §9 for a single read; 6 (the answer) is the caller's. */
export function assertReadable(doc: EventDocument, scope: Scope): void {
  const refusal = readRefusal(doc, scope);
  if (refusal !== undefined) throw simpleError(403, refusal);
}

/** Why checks 3–5 of §9 refuse this read (each a 403), or undefined when the caller may read the event. */
export function readRefusal(
  doc: EventDocument,
  scope: Scope,
): 'event-no-longer-available' | 'event-not-accessible' | 'event-password-protected' | undefined {
  if (doc.status === 'trash') return 'event-no-longer-available';
  if (!canReadPost(scope.caller, doc)) return 'event-not-accessible';
  if (isLockedPost(doc, scope)) return 'event-password-protected';
  return undefined;
}

/**
 * Whether the `event` / `post` filters of the venue, organizer and term lists may reveal this event's links: only when
 * the caller's own event lists could show them (a published event, or a caller who lists every status, §3.2) and the
 * event is not locked (§12 blanks its links). Otherwise the filter matches nothing: the event exists (its GET says
 * so), but its links are not the caller's to see.
 */
export function eventLinksVisible(doc: EventDocument, scope: Scope): boolean {
  return (doc.status === 'publish' || canCreatePosts(scope.caller)) && !isLockedPost(doc, scope);
}

/** Step 6 for an id naming no event: 400 when it names another kind of item (an image here), else 404. */
export async function assertEventId(deps: Pick<HttpParts, 'writes'>, id: number): Promise<never> {
  if (await findImage(deps.writes.store, id)) throw simpleError(400, 'rest-invalid-event-id');
  throw simpleError(404, 'rest-event-not-found', id);
}

/** `If-Match: W/"3"` (or `"3"`) names revision 3; anything unparseable matches nothing. */
export function ifMatchOf(ctx: Context): bigint | undefined {
  const header = ctx.get('if-match').trim();
  if (header === '' || header === '*') return undefined;
  const match = /^(?:W\/)?"(\d{1,18})"$/.exec(header);
  return match?.[1] !== undefined ? BigInt(match[1]) : -1n;
}

/**
 * What an update or delete by this caller must still hold when it is decided: the `If-Match` sent, and the right to
 * edit the item as its stream then stands. The route checked that right on the read model already, but the write
 * may wait for another one (an editor publishing a contributor's pending item) and then decide on a newer state.
 */
export function writeGuardOf(ctx: Context, caller: Caller): WriteGuard {
  return { ifMatch: ifMatchOf(ctx), mayWrite: (standing) => canEditPost(caller, standing) };
}
