// Which linked venues and organizers an event shows to this caller, and how: hidden, blanked, or as they are.
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import { canReadPost } from '../../auth/caller.ts';
import { isLockedPost } from '../../auth/postAccess.ts';
import { blankProtected, type Wire } from '../../representation/blanking.ts';
import type { LinkedRendering } from '../../representation/eventRepresentation.ts';
import type { Scope } from '../../requestScope.ts';

export type ItemRenderers = Omit<LinkedRendering, 'termCount'>;

/** Today's documents of the items a past (`as_of`) event embeds as they were then; undefined: not in the read model. */
export interface CurrentLinkedItems {
  readonly venue: (id: number) => ItemDocument | undefined;
  readonly organizer: (id: number) => ItemDocument | undefined;
}

type Verdict = 'hidden' | 'locked' | 'open';

/**
 * wire.md says nothing of a non-published venue or organizer linked into an event a caller may read; we decided an
 * embedded copy shows no more than the item's own GET would (README, "Guarantees"): left out for a caller who would
 * get 403 `venue-not-accessible` there, blanked while locked (§12), in `venue`/`organizer` and in `json_ld` alike.
 * For a past state, the item must be readable, and is locked, as of then or now, as its own `as_of` read requires.
 */
function verdict(scope: Scope, embedded: ItemDocument, now: ItemDocument | undefined): Verdict {
  if (now === undefined || !canReadPost(scope.caller, embedded) || !canReadPost(scope.caller, now)) return 'hidden';
  return isLockedPost(embedded, scope) || isLockedPost(now, scope) ? 'locked' : 'open';
}

/** Wraps the plain renderers; without `current` the embedded copies are today's and judged on their own. */
export function visibleLinkedItems(renderers: ItemRenderers, scope: Scope, current?: CurrentLinkedItems): ItemRenderers {
  const judged = (embedded: ItemDocument, now: ItemDocument | undefined, render: () => Wire | undefined): Wire | undefined => {
    const seen = verdict(scope, embedded, now);
    if (seen === 'hidden') return undefined;
    const wire = render();
    // Blanking is idempotent: a copy the plain renderer blanked already stays as it is.
    return wire && seen === 'locked' ? blankProtected(wire) : wire;
  };
  const venueNow = (doc: ItemDocument) => (current ? current.venue(doc.id) : doc);
  const organizerNow = (doc: ItemDocument) => (current ? current.organizer(doc.id) : doc);
  return {
    venue: (doc, withJsonLd) => judged(doc, venueNow(doc), () => renderers.venue(doc, withJsonLd)),
    organizer: (doc, withJsonLd) => judged(doc, organizerNow(doc), () => renderers.organizer(doc, withJsonLd)),
    venueJsonLd: (doc) => judged(doc, venueNow(doc), () => renderers.venueJsonLd(doc)),
    organizerJsonLd: (doc) => judged(doc, organizerNow(doc), () => renderers.organizerJsonLd(doc)),
  };
}
