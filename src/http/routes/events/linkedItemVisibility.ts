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

export type Verdict = 'hidden' | 'locked' | 'open';

/** How this request shows each linked venue and organizer. */
export interface LinkedItemVerdicts {
  venue(embedded: ItemDocument): Verdict;
  organizer(embedded: ItemDocument): Verdict;
}

/**
 * What rendering events needs for one response, with the verdicts that let the text path use cached fragments.
 * Declared here rather than beside `linkedRendering`, which reads the services: the fragment cache names this type,
 * and the services name the fragment cache.
 */
export interface PageRendering extends LinkedRendering {
  readonly verdicts: LinkedItemVerdicts;
}

/**
 * the contract (docs/api.md) says nothing of a non-published venue or organizer linked into an
 * event a caller may read; we decided an embedded copy shows no more than the item's own GET would
 * (README, "Guarantees"): left out for a caller who would get 403 `venue-not-accessible` there,
 * blanked while locked (§12), in `venue`/`organizer` and in `json_ld` alike. For a past state, the
 * item must be readable, and is locked, as of then or now, as its own `as_of` read requires.
 */
function verdict(scope: Scope, embedded: ItemDocument, now: ItemDocument | undefined): Verdict {
  if (now === undefined || !canReadPost(scope.caller, embedded) || !canReadPost(scope.caller, now)) return 'hidden';
  return isLockedPost(embedded, scope) || isLockedPost(now, scope) ? 'locked' : 'open';
}

/** Without `current` the embedded copies are today's and judged on their own. */
export function linkedItemVerdicts(scope: Scope, current?: CurrentLinkedItems): LinkedItemVerdicts {
  return {
    venue: (doc) => verdict(scope, doc, current ? current.venue(doc.id) : doc),
    organizer: (doc) => verdict(scope, doc, current ? current.organizer(doc.id) : doc),
  };
}

/** Wraps the plain renderers: hidden items render as `undefined`, locked ones blanked. */
export function visibleLinkedItems(renderers: ItemRenderers, verdicts: LinkedItemVerdicts): ItemRenderers {
  const judged = (seen: Verdict, render: () => Wire | undefined): Wire | undefined => {
    if (seen === 'hidden') return undefined;
    const wire = render();
    // Blanking is idempotent: a copy the plain renderer blanked already stays as it is.
    return wire && seen === 'locked' ? blankProtected(wire) : wire;
  };
  return {
    venue: (doc, withJsonLd) => judged(verdicts.venue(doc), () => renderers.venue(doc, withJsonLd)),
    organizer: (doc, withJsonLd) => judged(verdicts.organizer(doc), () => renderers.organizer(doc, withJsonLd)),
    venueJsonLd: (doc) => judged(verdicts.venue(doc), () => renderers.venueJsonLd(doc)),
    organizerJsonLd: (doc) => judged(verdicts.organizer(doc), () => renderers.organizerJsonLd(doc)),
  };
}
