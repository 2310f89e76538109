// Per link field (venues, organizers, categories, tags): linked item id → slots of the event documents linking it,
// and, built when a query first needs them, the same slots in start order for date windows.
import { linkFields, type EventDocument, type LinkField } from '../events/eventDocument.ts';
import type { EventListQuery } from '../events/eventListQuery.ts';
import type { SlotRange } from './eventCandidates.ts';
import type { EventColumns } from './eventColumns.ts';
import type { StartRanges } from './startWindow.ts';

interface Linking {
  /** Each slot once, in no particular order: a replay appends every link once, a removal searches the array. */
  readonly slots: number[];
  /** The slots in listing order with their start keys side by side; dropped whenever a slot or its start changes. */
  byStart: { readonly slots: Int32Array; readonly startKeys: Float64Array } | undefined;
}

export class EventLinkIndex {
  /** One map per field, named as the fields are: a replay's puts reach each by a property read, not a lookup. */
  private readonly byField: Readonly<Record<LinkField, Map<number, Linking>>> = {
    venues: new Map(),
    organizers: new Map(),
    categories: new Map(),
    tags: new Map(),
  };
  /** Left by `addAllLater`, not yet indexed from `docs[indexed]` on: every other call indexes them first. */
  private pending: { readonly firstSlot: number; readonly docs: readonly EventDocument[]; indexed: number } | undefined;

  constructor(
    private readonly columns: EventColumns,
    private readonly startRanges: StartRanges,
  ) {}

  /** Moves the slot's entries from the links of `previous` (when there was one) to those of `doc`. */
  move(slot: number, previous: EventDocument | undefined, doc: EventDocument): void {
    this.settle();
    if (previous === undefined) {
      // A document new to the index (most puts of a replay): nothing to compare nor to take out. Field by field, each
      // list read by its name (a loop over the field names read each through a lookup by key).
      const { venues, organizers, categories, tags } = this.byField;
      addSlot(venues, doc.venues, slot);
      addSlot(organizers, doc.organizers, slot);
      addSlot(categories, doc.categories, slot);
      addSlot(tags, doc.tags, slot);
      return;
    }
    const moved = previous.startKey !== doc.startKey;
    for (const field of linkFields) {
      const index = this.byField[field];
      if (sameIds(previous[field], doc[field])) {
        if (moved) for (const linked of doc[field]) (index.get(linked) as Linking).byStart = undefined;
        continue;
      }
      for (const linked of previous[field]) removeFrom(index.get(linked), slot);
      addSlot(index, doc[field], slot);
    }
  }

  /**
   * `move(slot, undefined, doc)` of documents new to the index, in slots `firstSlot`, `firstSlot + 1`, …: a field at a
   * time, one tight loop per field (a snapshot's hundreds of thousands of documents at start).
   */
  addAll(firstSlot: number, docs: readonly EventDocument[]): void {
    this.settle();
    this.addRange(firstSlot, docs, 0, docs.length);
  }

  /** `addAll` of `docs[from .. to − 1]` (in their slots from `firstSlot + from`). */
  private addRange(firstSlot: number, docs: readonly EventDocument[], from: number, to: number): void {
    for (const field of linkFields) {
      const index = this.byField[field];
      for (let i = from; i < to; i++) addSlot(index, (docs[i] as EventDocument)[field], firstSlot + i);
    }
  }

  /**
   * `addAll`, done at the first call that reads or changes the index, or at `settle`: a snapshot load then spends no
   * time on ~1.4M links before the service is ready. The documents must stay in their slots until then, unchanged in
   * their links but through `move` (which indexes them first).
   */
  addAllLater(firstSlot: number, docs: readonly EventDocument[]): void {
    this.settle();
    this.pending = { firstSlot, docs, indexed: 0 };
  }

  /** Indexes what `addAllLater` left pending, now. */
  settle(): void {
    this.settleSome(Infinity);
  }

  /**
   * Indexes up to `count` more of the documents `addAllLater` left (a slice between two turns of the event loop): in
   * document order, a slice's four fields at a time, so each linked id's slots and each field's ids come out in the
   * order `addAll` gives them.
   */
  settleSome(count: number): void {
    const pending = this.pending;
    if (pending === undefined) return;
    const end = Math.min(pending.docs.length, pending.indexed + count);
    this.addRange(pending.firstSlot, pending.docs, pending.indexed, end);
    pending.indexed = end;
    if (end === pending.docs.length) this.pending = undefined;
  }

  /** Whether some documents wait to be indexed (`addAllLater`). */
  get unsettled(): boolean {
    return this.pending !== undefined;
  }

  /** Slots of the documents linking `id` through `field`, each once. */
  linking(field: LinkField, id: number): readonly number[] {
    this.settle();
    return this.byField[field].get(id)?.slots ?? noSlots;
  }

  /** Every linked id of the field with the slots linking it (some lists may be empty). */
  *entries(field: LinkField): Generator<[number, readonly number[]]> {
    this.settle();
    for (const [id, linking] of this.byField[field]) yield [id, linking.slots];
  }

  /** The slots linking `id` whose start the start bounds of `q` admit, in listing order. */
  window(field: LinkField, id: number, q: EventListQuery): SlotRange {
    this.settle();
    const linking = this.byField[field].get(id);
    if (!linking) return { slots: noSlots, from: 0, to: 0 };
    const { slots, startKeys } = (linking.byStart ??= this.inStartOrder(linking.slots));
    const [from, to] = this.startRanges.window(q, slots.length, (i) => startKeys[i] as number);
    return { slots, from, to };
  }

  private inStartOrder(slots: readonly number[]): { slots: Int32Array; startKeys: Float64Array } {
    const sorted = Int32Array.from(slots).sort(this.columns.compare);
    return { slots: sorted, startKeys: Float64Array.from(sorted, (slot) => this.columns.startKey(slot)) };
  }
}

const noSlots: readonly number[] = [];

function removeFrom(linking: Linking | undefined, slot: number): void {
  const slots = linking?.slots;
  const index = slots?.indexOf(slot) ?? -1;
  if (index < 0) return;
  const list = slots as number[];
  list[index] = list[list.length - 1] as number;
  list.pop();
  (linking as Linking).byStart = undefined;
}

/** Files `slot` under each of the linked ids, once each. */
function addSlot(index: Map<number, Linking>, links: readonly number[], slot: number): void {
  // A loop, not a callback: every projected event passes here four times.
  for (let i = 0; i < links.length; i++) {
    const linked = links[i] as number;
    if (i > 0 && links.indexOf(linked) !== i) continue; // listed twice
    const linking = index.get(linked);
    if (!linking) index.set(linked, { slots: [slot], byStart: undefined });
    else {
      linking.slots.push(slot);
      linking.byStart = undefined;
    }
  }
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
