// Finding the event an item route names, and the read and edit rules applied to it (wire.md §3.2, §9, §12).
import type { Context } from 'koa';
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import { canCreatePosts, canEditPost, canReadPost, type Caller } from '../../auth/caller.ts';
import { sha256 } from '../../../commands/events/eventInput.ts';
import { simpleError } from '../../errors/wireError.ts';
import type { HttpServices } from '../../services.ts';
import type { Scope } from '../../requestScope.ts';
import { paramValue } from '../../params/requestParams.ts';
import { findImage } from '../../../commands/images/imageRecords.ts';

const editMethods = ['DELETE', 'POST', 'PUT', 'PATCH'];

/** `Allow` of an item route: GET, plus the write methods when the caller may edit this item (or create, if none). */
export function setItemAllow(ctx: Context, caller: Caller, doc: EventDocument | undefined): void {
  const mayEdit = doc ? canEditPost(caller, doc) : canCreatePosts(caller);
  ctx.set('Allow', ['GET', ...(mayEdit ? editMethods : [])].join(', '));
}

/** A digits-only path id, or undefined for anything else (which is not a route: 404). */
export function pathId(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\d+$/.test(raw) && raw.length < 16 ? Number(raw) : undefined;
}

/** Among events sharing a slug in the request's language, the published one wins, else the lowest id (§9). */
export async function eventBySlug(services: HttpServices, language: string, slug: string): Promise<EventDocument | undefined> {
  const docs = await services.readStore.events.bySlug(language, slug);
  return docs.find((d) => d.status === 'publish') ?? docs.sort((a, b) => a.id - b.id)[0];
}

/** Checks 3–5 of §9 for a single read; 6 (the answer) is the caller's. */
export function assertReadable(doc: EventDocument, scope: Scope): void {
  if (doc.status === 'trash') throw simpleError(403, 'event-no-longer-available');
  if (!canReadPost(scope.caller, doc)) throw simpleError(403, 'event-not-accessible');
  if (isLocked(doc, scope)) throw simpleError(403, 'event-password-protected');
}

/** A protected event is unlocked by its exact password, or by `context=edit` for a caller who may edit it (§12). */
export function isLocked(doc: EventDocument, scope: Scope): boolean {
  if (doc.passwordSha256 === null) return false;
  const password = paramValue(scope.sources, 'password');
  if (typeof password === 'string' && sha256(password) === doc.passwordSha256) return false;
  return !(paramValue(scope.sources, 'context') === 'edit' && canEditPost(scope.caller, doc));
}

/** Step 6 for an id naming no event: 400 when it names another kind of item (an image here), else 404. */
export async function assertEventId(services: HttpServices, id: number): Promise<never> {
  if (await findImage(services.writes.store, id)) throw simpleError(400, 'rest-invalid-event-id');
  throw simpleError(404, 'rest-event-not-found', id);
}

export const etagOf = (doc: EventDocument): string => `W/"${doc.revision}"`;

/** `If-Match: W/"3"` (or `"3"`) names revision 3; anything unparseable matches nothing. */
export function ifMatchOf(ctx: Context): bigint | undefined {
  const header = ctx.get('if-match').trim();
  if (header === '' || header === '*') return undefined;
  const match = /^(?:W\/)?"(\d{1,18})"$/.exec(header);
  return match?.[1] !== undefined ? BigInt(match[1]) : -1n;
}
