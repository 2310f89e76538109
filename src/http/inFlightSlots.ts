// The responses under way, for the graceful close (httpServer.ts), kept in slots that are reused rather than in a Set.
// Why: a Set's hash table is replaced now and then as it grows and shrinks with the requests in flight, and in the
// service under writes that registry made finished requests outlive their scavenges: every response of a write,
// with all it reaches (its request, Koa's context, the answer's header text), was promoted to the old generation and
// freed only by the next full collection. Measured (bench/writeSurvivors.ts, quick, c=64): 6.6–8.7 KB promoted per
// create with the Set, 3.2–3.9 KB without it. A V8 table made obsolete keeps its entries and a link to the table
// that replaced it; once one of them is old, each later one and the responses it listed survive the scavenges. An
// array that only grows to the peak number of responses in flight is never replaced after that.

/** Slots for the items in flight: `add` returns the slot `remove` is given; freed slots are taken again first. */
export class InFlightSlots<T extends object> {
  private readonly slots: (T | undefined)[] = [];
  private readonly freeSlots: number[] = [];

  add(item: T): number {
    const slot = this.freeSlots.pop() ?? this.slots.length;
    this.slots[slot] = item;
    return slot;
  }

  /** Frees `item`'s slot; nothing when the slot no longer holds it (freed already, maybe taken by another since). */
  remove(slot: number, item: T): void {
    if (this.slots[slot] !== item) return;
    this.slots[slot] = undefined;
    this.freeSlots.push(slot);
  }

  /** The items in flight now. */
  *[Symbol.iterator](): IterableIterator<T> {
    for (const item of this.slots) if (item !== undefined) yield item;
  }

  /** Slots ever used: the peak number of items in flight at once (what the registry's memory follows). */
  get capacity(): number {
    return this.slots.length;
  }
}
