// Dense, stable numbers (slots) for the event documents, and per slot the fields a list query checks first, side by
// side in one typed array: candidates are judged and ordered without reaching into their documents, which lie
// scattered over the heap (reading a document costs a cache miss or two, several times the check itself).
import type { EventDocument } from '../events/eventDocument.ts';
import type { EventListQuery } from '../events/eventListQuery.ts';
import { asksForBlankedContent, keyBoundsOf, withinKeyBounds } from '../events/matchesEventQuery.ts';
import { ScopeMap } from './scopeMap.ts';

/** Per slot, in this order: start key, end key, id, then scope × 4 + flags. One cache line holds two slots. */
const stride = 4;
const startField = 0;
const endField = 1;
const idField = 2;
const scopeField = 3;
const featuredFlag = 1;
const passwordFlag = 2;
const flagSpace = 4;
/** The scope of a document never listed (`hideFromListings`); the others number (language, status) pairs from 1. */
const unlisted = 0;

export class EventColumns {
  private readonly slotById = new Map<number, number>();
  private readonly docs: EventDocument[] = [];
  private cells = new Float64Array(1024 * stride);
  private readonly scopeNumbers = new ScopeMap<number>();
  /**
   * Whether each new id was above the one before it (a replay and a snapshot load create events in id order): the
   * slots are then in ascending id order already, and listing them by id needs no sort of every slot.
   */
  private slotsInIdOrder = true;

  /** Slots in use: `0 .. size − 1`. */
  get size(): number {
    return this.docs.length;
  }

  get(id: number): EventDocument | undefined {
    const slot = this.slotById.get(id);
    return slot === undefined ? undefined : this.docs[slot];
  }

  slotOf(id: number): number | undefined {
    return this.slotById.get(id);
  }

  doc(slot: number): EventDocument {
    return this.docs[slot] as EventDocument;
  }

  startKey(slot: number): number {
    return this.cells[slot * stride + startField] as number;
  }

  endKey(slot: number): number {
    return this.cells[slot * stride + endField] as number;
  }

  /** The documents in ascending id order. */
  byAscendingId(): EventDocument[] {
    if (this.slotsInIdOrder) return this.docs.slice();
    const id = (slot: number) => this.cells[slot * stride + idField] as number;
    return Array.from(this.docs.keys())
      .sort((a, b) => id(a) - id(b))
      .map((slot) => this.docs[slot] as EventDocument);
  }

  /** Stores the document (a new one gets the next slot, a known id keeps its own) and returns its slot. */
  set(doc: EventDocument): number {
    let slot = this.slotById.get(doc.id);
    if (slot === undefined) {
      slot = this.docs.length;
      if (slot > 0 && doc.id < (this.cells[(slot - 1) * stride + idField] as number)) this.slotsInIdOrder = false;
      this.slotById.set(doc.id, slot);
      this.docs.push(doc);
      if (slot * stride === this.cells.length) this.grow();
    } else {
      this.docs[slot] = doc;
    }
    const at = slot * stride;
    const scope = doc.hideFromListings ? unlisted : this.scopeNumber(doc.language, doc.status);
    const flags = (doc.featured ? featuredFlag : 0) | (doc.passwordHash !== null ? passwordFlag : 0);
    this.cells[at + startField] = doc.startKey;
    this.cells[at + endField] = doc.endKey;
    this.cells[at + idField] = doc.id;
    this.cells[at + scopeField] = scope * flagSpace + flags;
    return slot;
  }

  /** Listing order (`compareByStart`) of two slots' documents. */
  readonly compare = (a: number, b: number): number => {
    const cells = this.cells;
    return (
      (cells[a * stride + startField] as number) - (cells[b * stride + startField] as number) ||
      (cells[a * stride + idField] as number) - (cells[b * stride + idField] as number)
    );
  };

  /**
   * The conditions of `q` that the columns decide (language, status, hiding, dates, featured, password protection,
   * locks): true for every slot whose document `matchesEventQuery` keeps, false for many it leaves out. A locked
   * document (protected, not unlocked) is judged by its blanked form, which `asksForBlankedContent` conditions reject
   * and which is not featured; the id column tells it from an unlocked one.
   */
  admits(q: EventListQuery): (slot: number) => boolean {
    const flagMask = (q.featured !== undefined ? featuredFlag : 0) | (q.onlyProtected ? passwordFlag : 0);
    const flagValue = (q.featured ? featuredFlag : 0) | (q.onlyProtected ? passwordFlag : 0);
    const lockedMatches = q.locks !== undefined && !asksForBlankedContent(q);
    /** Per scope × 4 + flags value, whether it is admitted as it is; per scope, whether a locked document is. */
    const admitted = new Uint8Array((this.scopeNumbers.size + 1) * flagSpace);
    const admittedLocked = new Uint8Array(this.scopeNumbers.size + 1);
    for (const status of q.statuses) {
      const scope = this.scopeNumbers.get(q.language, status);
      if (scope === undefined) continue;
      for (let flags = 0; flags < flagSpace; flags++)
        if ((flags & flagMask) === flagValue) admitted[scope * flagSpace + flags] = 1;
      if (lockedMatches) admittedLocked[scope] = 1;
    }
    const bounds = keyBoundsOf(q);
    const cells = this.cells;
    const within = (at: number) =>
      withinKeyBounds(bounds, cells[at + startField] as number, cells[at + endField] as number);
    if (q.locks === undefined) {
      // The hot path of every list: kept to two array reads and the bounds.
      return (slot) => {
        const at = slot * stride;
        return (
          admitted[cells[at + scopeField] as number] === 1 &&
          withinKeyBounds(bounds, cells[at + startField] as number, cells[at + endField] as number)
        );
      };
    }
    const unlocked = new Set(q.locks.unlocked);
    return (slot) => {
      const at = slot * stride;
      const cell = cells[at + scopeField] as number;
      const locked = (cell & passwordFlag) !== 0 && !unlocked.has(cells[at + idField] as number);
      return (locked ? admittedLocked[Math.floor(cell / flagSpace)] : admitted[cell]) === 1 && within(at);
    };
  }

  private scopeNumber(language: string, status: string): number {
    let scope = this.scopeNumbers.get(language, status);
    if (scope === undefined) this.scopeNumbers.set(language, status, (scope = this.scopeNumbers.size + 1));
    return scope;
  }

  private grow(): void {
    const grown = new Float64Array(this.cells.length * 2);
    grown.set(this.cells);
    this.cells = grown;
  }
}
