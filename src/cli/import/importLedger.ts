// What earlier runs of `cal import` from one source wrote, read back from the target store itself: the `importedFrom`
// metadata of each written item (its target id and the version copied) and the id blocks the runs reserved. The
// store is the checkpoint: a run killed at any point left exactly what it committed, so the next run goes on from
// there without a separate file that could disagree with the store.
import { streamCategory, type EventStore, type RecordedEvent } from '../../events/eventStore.ts';
import { SiteImportOrigin } from '../../events/catalogue/metadata.ts';
import type { ReservedBlock } from '../../commands/registries/idAllocator.ts';
import type { ImportKind } from './sourceItems.ts';

export interface ImportedItem {
  readonly targetId: number;
  readonly version: string;
}

export type IdSequence = 'ids-post' | 'ids-term';

export interface ImportLedger {
  /** Keyed `kind:sourceId`. */
  readonly items: Map<string, ImportedItem>;
  /** The blocks earlier runs reserved to keep source ids, per sequence. */
  readonly reserved: Record<IdSequence, ReservedBlock[]>;
}

export const ledgerKey = (kind: ImportKind, sourceId: number) => `${kind}:${sourceId}`;

const batch = 10_000;

function record(ledger: ImportLedger, source: string, recorded: RecordedEvent): void {
  const origin: unknown = recorded.metadata.importedFrom;
  if (!SiteImportOrigin.is(origin) || origin.source !== source) return;
  const category = streamCategory(recorded.streamId);
  if (category === 'ids') {
    const data = recorded.data as { first?: unknown; last?: unknown };
    const sequence = recorded.streamId as IdSequence;
    if (typeof data.first === 'number' && typeof data.last === 'number' && ledger.reserved[sequence])
      ledger.reserved[sequence].push({ first: data.first, last: data.last });
  } else if (category === origin.kind) {
    const targetId = Number(recorded.streamId.slice(category.length + 1));
    ledger.items.set(ledgerKey(origin.kind as ImportKind, origin.sourceId), { targetId, version: origin.version });
  }
}

/** Reads the whole store once, in global order, so the last write of each item wins. */
export async function readImportLedger(store: EventStore, source: string): Promise<ImportLedger> {
  const ledger: ImportLedger = { items: new Map(), reserved: { 'ids-post': [], 'ids-term': [] } };
  let after: bigint | undefined;
  for (;;) {
    const events = await store.readAll({ ...(after === undefined ? {} : { after }), maxCount: batch });
    for (const recorded of events) record(ledger, source, recorded);
    if (events.length < batch) return ledger;
    after = (events[events.length - 1] as RecordedEvent).position;
  }
}

export const inReservedBlock = (blocks: readonly ReservedBlock[], id: number) =>
  blocks.some((block) => block.first <= id && id <= block.last);
