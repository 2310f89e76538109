// Keeps events from linking a venue, organizer or term that is gone (docs/api.md §11): trashing or deleting the item
// removes it from every event linking it, as changes of those events' own streams, and an event write that linked it
// at the same moment takes the link out again. Both sides look after their own commit, so one of them sees the other.
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import type { EventStore } from '../../events/eventStore.ts';
import type { CommandError } from '../errors.ts';
import type { WriteDeps } from '../writeDeps.ts';
import { itemStreamFold } from '../posts/itemCommands.ts';
import { organizerKind } from '../organizers/organizerKind.ts';
import { venueKind } from '../venues/venueKind.ts';
import { termStreamFold } from '../terms/termWriteSteps.ts';
import { termStreamId } from '../../events/catalogue/terms.ts';
import type { StreamStates } from '../streamStates.ts';
import { isLive } from '../terms/termState.ts';
import { changeEventDetails, loadEvent, type EventWritten } from './eventCommands.ts';
import type { EventState } from './eventState.ts';
import { changeOccurrence } from './occurrenceCommands.ts';
import type { SeriesFacts } from '../../events/catalogue/seriesEvents.ts';

export type LinkList = 'venues' | 'organizers' | 'categories' | 'tags';
export const linkLists: readonly LinkList[] = ['venues', 'organizers', 'categories', 'tags'];

/**
 * The events an index (the read model) shows linking an item, and the store position it reflected before it was asked.
 */
export interface IndexedLinks {
  readonly eventIds: readonly number[];
  readonly reflects: bigint;
}
export type LinkIndex = (field: LinkList, id: number) => Promise<IndexedLinks>;

/** One trash or delete: unlinks before the item goes (the history shows why), and again after, for late linkers. */
export interface UnlinkCascade {
  beforeRemoval(): Promise<CommandError | undefined>;
  afterRemoval(): Promise<CommandError | undefined>;
}

/**
 * The linking events come from the event streams' facts: the index only names candidates among the events it has
 * projected, the store's events after that position name the rest (an event linked at this very moment, or through
 * another instance whose write the index has not caught up with), and each candidate's own stream decides.
 */
export function unlinkCascade(
  deps: WriteDeps,
  field: LinkList,
  id: number,
  index: LinkIndex,
  ctx: WriteContext,
): UnlinkCascade {
  let scannedUpTo: bigint | undefined;
  return {
    async beforeRemoval() {
      const indexed = await index(field, id);
      const recent = await eventsLinkedAfter(
        deps.store,
        field,
        id,
        indexed.reflects < 0n ? undefined : indexed.reflects,
      );
      scannedUpTo = recent.head;
      return unlinkEach(deps, field, id, [...indexed.eventIds, ...recent.eventIds], ctx);
    },
    // Events linked between the scan above and the removal; links committed later are for the linker to drop.
    async afterRemoval() {
      const recent = await eventsLinkedAfter(deps.store, field, id, scannedUpTo);
      return unlinkEach(deps, field, id, recent.eventIds, ctx);
    },
  };
}

/** Whether the linked item is gone (a trashed venue or organizer, a deleted term), read from its own stream. */
export type IsRemoved = (field: LinkList, id: number) => Promise<boolean>;

const isTrashed = (state: { readonly exists: boolean; readonly facts?: { readonly status: string } }): boolean =>
  !state.exists || state.facts?.status === 'trash';

const removalFolds = {
  venues: itemStreamFold(venueKind),
  organizers: itemStreamFold(organizerKind),
  categories: termStreamFold('category'),
  tags: termStreamFold('tag'),
};

/**
 * Read from the store after the write's commit, through the process's kept states (`StreamStates`): each check reads
 * only the events of the item's stream after its kept state, so a removal committed before it is always seen.
 */
export const removedInStore =
  (store: EventStore, states: StreamStates): IsRemoved =>
  async (field, id) => {
    switch (field) {
      case 'venues':
        return isTrashed((await states.load(store, venueKind.streamId(id), removalFolds.venues)).state);
      case 'organizers':
        return isTrashed((await states.load(store, organizerKind.streamId(id), removalFolds.organizers)).state);
      case 'categories':
        return !isLive((await states.load(store, termStreamId('category', id), removalFolds.categories)).state);
      case 'tags':
        return !isLive((await states.load(store, termStreamId('tag', id), removalFolds.tags)).state);
    }
  };

/**
 * After an event write: links it set to items removed meanwhile are taken out again, by a further change of the event.
 * The removal's own scan may have run before this write was committed; this check runs after it, so no link survives.
 */
export async function dropRemovedLinks(
  deps: WriteDeps,
  written: EventWritten,
  request: Partial<Record<LinkList, readonly number[]>>,
  isRemoved: IsRemoved,
  ctx: WriteContext,
): Promise<{ readonly written: EventWritten; readonly error?: CommandError }> {
  const removed: Partial<Record<LinkList, Set<number>>> = {};
  for (const field of linkLists) {
    for (const linked of request[field] ?? []) {
      if (await isRemoved(field, linked)) (removed[field] ??= new Set()).add(linked);
    }
  }
  if (Object.keys(removed).length === 0) return { written };
  const series = (written as { readonly series?: number }).series;
  if (series !== undefined) return dropRemovedOccurrenceLinks(deps, written, series, removed, ctx);
  const { state } = await loadEvent(deps.store, written.id);
  if (!state.exists) return { written };
  const remaining = Object.fromEntries(
    Object.entries(removed).map(([field, ids]) => [
      field,
      state.facts[field as LinkList].filter((linked) => !ids.has(linked)),
    ]),
  );
  const changed = await changeEventDetails(deps, written.id, { request: remaining }, ctx);
  return changed._tag === 'Right' ? { written: changed.right } : { written, error: changed.left };
}

/** After a write to an occurrence: its exception's lists without the removed items, through the series stream. */
async function dropRemovedOccurrenceLinks(
  deps: WriteDeps,
  written: EventWritten,
  series: number,
  removed: Partial<Record<LinkList, Set<number>>>,
  ctx: WriteContext,
): Promise<{ readonly written: EventWritten; readonly error?: CommandError }> {
  const { state } = await loadEvent(deps.store, series);
  const exception = (state as EventState).series?.exceptions[written.id];
  if (!state.exists || !exception) return { written };
  const remaining = Object.fromEntries(
    Object.entries(removed).flatMap(([field, ids]) => {
      const own = exception[field as LinkList];
      return own ? [[field, own.filter((linked) => !ids.has(linked))]] : [];
    }),
  );
  if (Object.keys(remaining).length === 0) return { written };
  const changed = await changeOccurrence(deps, series, written.id, { request: remaining }, ctx);
  return changed._tag === 'Right' ? { written: changed.right } : { written, error: changed.left };
}

/** Ids of the events whose facts, as recorded after `after` (exclusive), link the item; and the last position read. */
async function eventsLinkedAfter(
  store: EventStore,
  field: LinkList,
  id: number,
  after: bigint | undefined,
): Promise<{ readonly eventIds: readonly number[]; readonly head: bigint | undefined }> {
  const eventIds = new Set<number>();
  let head = after;
  for (;;) {
    const batch = await store.readAll({ ...(head === undefined ? {} : { after: head }), maxCount: 1000 });
    if (batch.length === 0) return { eventIds: [...eventIds], head };
    for (const recorded of batch) {
      const event = recorded.streamId.startsWith('event-') ? decodeDomainEvent(recorded) : undefined;
      if (event?.type === 'EventScheduled' && event.data.facts[field].includes(id)) eventIds.add(event.data.id);
      if (event?.type === 'EventDetailsChanged' && event.data.changes[field]?.includes(id)) eventIds.add(event.data.id);
      // An exception's own links: the series (`data.id`) is what gets unlinked.
      if (event?.type === 'EventOccurrenceChanged' && event.data.changes[field]?.includes(id))
        eventIds.add(event.data.id);
    }
    head = (batch.at(-1) as (typeof batch)[number]).position;
  }
}

async function unlinkEach(
  deps: WriteDeps,
  field: LinkList,
  id: number,
  eventIds: readonly number[],
  ctx: WriteContext,
): Promise<CommandError | undefined> {
  for (const eventId of new Set(eventIds)) {
    const { state } = await loadEvent(deps.store, eventId);
    if (!state.exists) continue;
    if (state.facts[field].includes(id)) {
      const remaining = state.facts[field].filter((linked) => linked !== id);
      const changed = await changeEventDetails(deps, eventId, { request: { [field]: remaining } }, ctx);
      if (changed._tag === 'Left' && changed.left.kind !== 'not-found') return changed.left;
    }
    const failed = await unlinkExceptions(deps, eventId, (state as EventState).series, field, id, ctx);
    if (failed) return failed;
  }
  return undefined;
}

/**
 * Exceptions of a series that set their own list with the item (docs/api.md §20.3) are written through the series
 * stream: the occurrence's list without it. Occurrences that follow the series lose the link with the series item.
 */
async function unlinkExceptions(
  deps: WriteDeps,
  seriesId: number,
  series: SeriesFacts | undefined,
  field: LinkList,
  id: number,
  ctx: WriteContext,
): Promise<CommandError | undefined> {
  for (const [occurrence, changes] of Object.entries(series?.exceptions ?? {})) {
    const own = changes[field];
    if (!own?.includes(id)) continue;
    const request = { [field]: own.filter((linked) => linked !== id) };
    const changed = await changeOccurrence(deps, seriesId, Number(occurrence), { request }, ctx);
    if (changed._tag === 'Left' && changed.left.kind !== 'not-found') return changed.left;
  }
  return undefined;
}
