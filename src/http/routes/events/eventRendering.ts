// Prepares what rendering a page of events needs besides the documents: current term counts and item renderers.
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import type { TermDocument } from '../../../projections/terms/termDocument.ts';
import type { Scope } from '../../requestScope.ts';
import type { HttpParts } from '../../services.ts';
import type { CollectionNow, ReadsNow } from '../../../projections/readStore.ts';
import type { CountedTerm } from '../../../projections/terms/termCollection.ts';
import {
  linkedItemVerdicts,
  type LinkedItemVerdicts,
  visibleLinkedItems,
  type CurrentLinkedItems,
  type PageRendering,
} from './linkedItemVisibility.ts';

/**
 * Term counts are read once per read-model position for every term the events embed (the memo), and linked items
 * rendered by the request's item renderers. `past`: the documents are `as_of` states, whose embedded venues and
 * organizers are judged against today's too (read here, since the copies are old).
 */
export type LinkedRenderingDeps = Pick<HttpParts, 'readStore' | 'memo' | 'itemRenderers'>;

/**
 * What rendering `docs` for this request takes. In the calling turn when nothing past is asked and the read model
 * answers in the calling turn (`readsNow`): a single read's handful of term counts then makes no promise each.
 */
export function linkedRendering(
  deps: LinkedRenderingDeps,
  scope: Scope,
  docs: readonly EventDocument[],
  when: 'now' | 'past' = 'now',
): PageRendering | Promise<PageRendering> {
  const counts = countTables(deps);
  const now = deps.readStore.readsNow;
  if (when === 'past' || now === undefined) return linkedRenderingThroughPort(deps, scope, docs, counts, when);
  countTermsNow(docs, counts, now);
  return renderingOf(deps, scope, counts, linkedItemVerdicts(scope));
}

/**
 * `linkedRendering` for requests that see linked items alike: anonymous, with no `password` or `context` and no
 * unlocks (what the verdicts and item renderers read besides the addresses). Their renderers and verdicts (a dozen
 * closures) are made once per address variant and count tables rather than for every request; each read's terms are
 * counted as `linkedRendering` counts them. Undefined when the read model does not answer in the calling turn.
 */
export function alikeLinkedRendering(
  deps: LinkedRenderingDeps,
): (scope: Scope, docs: readonly EventDocument[]) => PageRendering | undefined {
  const made = new Map<string, { readonly counts: TermCounts; readonly rendering: PageRendering }>();
  return (scope, docs) => {
    const now = deps.readStore.readsNow;
    if (now === undefined) return undefined;
    const counts = countTables(deps);
    countTermsNow(docs, counts, now);
    let kept = made.get(scope.addresses.apiRoot);
    // The memo starts new count tables when the read model moves: a rendering reads the counts of its own tables.
    if (kept === undefined || kept.counts.category !== counts.category || kept.counts.tag !== counts.tag) {
      kept = { counts, rendering: renderingOf(deps, scope, counts, linkedItemVerdicts(scope)) };
      made.set(scope.addresses.apiRoot, kept);
    }
    return kept.rendering;
  };
}

type TermCounts = Record<TermDocument['taxonomy'], Map<number, number>>;

const countTables = (deps: LinkedRenderingDeps): TermCounts => ({
  category: deps.memo.table<number>('count:category'),
  tag: deps.memo.table<number>('count:tag'),
});

function countTermsNow(docs: readonly EventDocument[], counts: TermCounts, now: ReadsNow): void {
  for (const doc of docs) {
    for (const term of doc.embedded.categories) countOnce(counts.category, term, now.categories);
    for (const term of doc.embedded.tags) countOnce(counts.tag, term, now.tags);
  }
}

function countOnce(table: Map<number, number>, term: TermDocument, terms: CollectionNow<CountedTerm>): void {
  if (!table.has(term.id)) table.set(term.id, terms.get(term.id)?.count ?? 0);
}

function renderingOf(
  deps: LinkedRenderingDeps,
  scope: Scope,
  counts: TermCounts,
  verdicts: LinkedItemVerdicts,
): PageRendering {
  return {
    ...visibleLinkedItems(deps.itemRenderers(scope), verdicts),
    verdicts,
    termCount: (term) => counts[term.taxonomy].get(term.id) ?? 0,
  };
}

async function linkedRenderingThroughPort(
  deps: LinkedRenderingDeps,
  scope: Scope,
  docs: readonly EventDocument[],
  counts: TermCounts,
  when: 'now' | 'past',
): Promise<PageRendering> {
  const read = async (terms: readonly TermDocument[], collection: HttpParts['readStore']['categories']) => {
    for (const term of terms) {
      const table = counts[term.taxonomy];
      if (!table.has(term.id)) table.set(term.id, (await collection.get(term.id))?.count ?? 0);
    }
  };
  for (const doc of docs) {
    await read(doc.embedded.categories, deps.readStore.categories);
    await read(doc.embedded.tags, deps.readStore.tags);
  }
  const verdicts = linkedItemVerdicts(scope, when === 'past' ? await currentLinkedItems(deps, docs) : undefined);
  return renderingOf(deps, scope, counts, verdicts);
}

async function currentLinkedItems(
  deps: Pick<HttpParts, 'readStore'>,
  docs: readonly EventDocument[],
): Promise<CurrentLinkedItems> {
  const venues = new Map<number, ItemDocument | undefined>();
  const organizers = new Map<number, ItemDocument | undefined>();
  for (const doc of docs) {
    for (const venue of doc.embedded.venues) venues.set(venue.id, await deps.readStore.venues.get(venue.id));
    for (const organizer of doc.embedded.organizers)
      organizers.set(organizer.id, await deps.readStore.organizers.get(organizer.id));
  }
  return { venue: (id) => venues.get(id), organizer: (id) => organizers.get(id) };
}
