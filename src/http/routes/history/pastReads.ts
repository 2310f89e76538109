// Point-in-time reads (`as_of`): the past state of an item, shown only to callers who may read it now and as it was.
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import type { EventFolding } from '../../../projections/events/eventDocumentAt.ts';
import type { GlobalPoint } from '../../../projections/history/foldPoint.ts';
import type { FoldSource } from '../../../projections/history/streamFolds.ts';
import { liveTerm, pastEventDocument } from '../../../projections/history/pastEventDocument.ts';
import { pastOccurrenceDocument } from '../../../projections/history/occurrenceHistory.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import type { TermCollection } from '../../../projections/terms/termCollection.ts';
import type { TermDocument } from '../../../projections/terms/termDocument.ts';
import { termDocumentAt } from '../../../projections/terms/termDocumentAt.ts';
import type { Taxonomy } from '../../../events/catalogue/terms.ts';
import { canReadPost } from '../../auth/caller.ts';
import { isLockedPost } from '../../auth/postAccess.ts';
import { simpleError, type WireError } from '../../errors/wireError.ts';
import type { Scope } from '../../requestScope.ts';
import { blankProtected, type Wire } from '../../representation/blanking.ts';
import type { SiteSettings } from '../../representation/site.ts';
import type { TermView } from '../../representation/termRepresentation.ts';
import { assertReadable } from '../events/eventAccess.ts';
import { assertItemReadable } from '../items/itemAccess.ts';
import type { ItemRouteKind } from '../items/itemRouteKind.ts';

/**
 * The event as it was at `point`. Refused unless the caller may read it now — a trashed event only by those who may
 * edit it, since its past is what they restore from — and as it was then (§9 checks 3–5 on the past state, so a
 * password set then locks it, and a password set now locks its past too). `notFound` when it did not exist yet.
 */
export async function readablePastEvent(
  store: FoldSource,
  folding: EventFolding,
  now: EventDocument,
  scope: Scope,
  point: GlobalPoint,
  notFound: () => WireError,
): Promise<EventDocument> {
  if (!canReadPost(scope.caller, now))
    throw simpleError(403, now.status === 'trash' ? 'event-no-longer-available' : 'event-not-accessible');
  if (isLockedPost(now, scope)) throw simpleError(403, 'event-password-protected');
  // An occurrence is folded from its series stream (docs/api.md §20.3); the series item and others from their own.
  const series = now.recurringEventId;
  const past =
    series !== undefined && series !== now.id
      ? await pastOccurrenceDocument(store, folding, series, now.id, point)
      : await pastEventDocument(store, folding, now.id, point);
  if (!past) throw notFound();
  assertReadable(past, scope);
  return past;
}

/** The venue or organizer as it was at `point`, under the same read rules now and then. */
export async function readablePastItem<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  store: FoldSource,
  now: D,
  scope: Scope,
  point: GlobalPoint,
  notFound: () => WireError,
): Promise<D> {
  assertItemReadable(kind.singular, now, scope);
  const past = await kind.documentAt(store, now.id, point);
  if (!past) throw notFound();
  assertItemReadable(kind.singular, past, scope);
  return past;
}

/** Blanked (§12) when locked now or then: a password added later also guards what the item used to say. */
export function renderPastItem<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  now: D,
  past: D,
  settings: SiteSettings,
  scope: Scope,
): Wire {
  const wire = kind.represent(past, settings, scope.addresses, true);
  return isLockedPost(now, scope) || isLockedPost(past, scope) ? blankProtected(wire) : wire;
}

/** Deep enough for any real hierarchy; bounds the walk should stored data ever hold a cycle. */
const maxDepth = 100;

/**
 * The term as it was at `point`, with its parent chain as it was then; undefined when it did not exist then (or was
 * deleted by then). The count is today's: counts are not part of the term's stream.
 */
export async function pastTermView(
  store: FoldSource,
  collection: TermCollection,
  taxonomy: Taxonomy,
  id: number,
  point: GlobalPoint,
): Promise<TermView | undefined> {
  const doc = liveTerm(await termDocumentAt(store, taxonomy, id, point));
  if (!doc) return undefined;
  const ancestorSlugs: string[] = [];
  const seen = new Set([doc.id]);
  let parent = doc.parent;
  while (parent !== 0 && !seen.has(parent) && seen.size <= maxDepth) {
    seen.add(parent);
    const above: TermDocument | undefined = liveTerm(await termDocumentAt(store, taxonomy, parent, point));
    if (!above) break;
    ancestorSlugs.unshift(above.slug);
    parent = above.parent;
  }
  return { doc, count: (await collection.get(id))?.count ?? 0, ancestorSlugs };
}
