// Numeric ids that stay unique across service instances: blocks reserved through an `ids-<sequence>` stream.
import { NoStream, WrongExpectedRevision, type EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent, toNewEvent, type WriteContext } from '../../events/catalogue/envelope.ts';
import { systemWrite } from './systemWrite.ts';

const maxAttempts = 50;
/** Ids reserved ahead are capped: a restart skips at most this many. */
const maxAhead = 1000;

/** What a command handler needs of an id sequence: the next id. An import hands a kept id in through it. */
export interface IdSource {
  next(): Promise<number>;
}

/** A block of ids reserved at once (both ends included). */
export interface ReservedBlock {
  readonly first: number;
  readonly last: number;
}

interface Waiter {
  readonly resolve: (id: number) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Hands out ids one at a time. Callers waiting together share one reserved block, so concurrent creates cost one
 * append. A block also reserves ahead as many ids as were asked for while the previous block was being written, so
 * that under steady concurrent load a create takes its id at once instead of waiting for a commit; a lone writer
 * reserves none ahead, which keeps its ids dense. Ids reserved ahead and unused when the process stops are skipped:
 * ids start at 1 and are never reused, they need not be dense (docs/api.md §1.4). Another instance reserving
 * concurrently makes the append fail its expected revision; we then read what it took and try again.
 */
export class IdAllocator implements IdSource {
  private readonly free: number[] = [];
  /** Callers that found no free id; there are none while `free` holds ids. */
  private readonly waiting: Waiter[] = [];
  private reserving = false;
  private revision: bigint | typeof NoStream = NoStream;
  private lastReserved = 0;
  private asked = 0;
  private ahead = 0;

  constructor(
    private readonly store: EventStore,
    private readonly streamId: string,
  ) {}

  next(): Promise<number> {
    this.asked++;
    const id = this.free.shift();
    if (id !== undefined) {
      if (this.free.length < this.ahead) void this.reserve();
      return Promise.resolve(id);
    }
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      void this.reserve();
    });
  }

  /**
   * Moves the sequence past `last` in one append, so that no allocator hands out the ids up to it; the caller owns
   * the ids of the block, none of which this allocator hands out. Undefined when the sequence is already past `last`.
   * The block's event carries `ctx`'s metadata, so an import can recognise the blocks it reserved (src/cli/import).
   */
  async reserveThrough(last: number, ctx: WriteContext): Promise<ReservedBlock | undefined> {
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      await this.catchUp();
      const first = this.lastReserved + 1;
      if (first > last) return undefined;
      const event = toNewEvent({ type: 'IdBlockReserved', data: { first, last } }, ctx);
      try {
        this.revision = (await this.store.append(this.streamId, [event], this.revision)).nextRevision;
        this.lastReserved = last;
        return { first, last };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
      }
    }
    throw new Error(`could not reserve ids on ${this.streamId} after ${maxAttempts} attempts`);
  }

  private async reserve(): Promise<void> {
    if (this.reserving) return;
    this.reserving = true;
    try {
      while (this.waiting.length > 0 || this.free.length < this.ahead) {
        const askedBefore = this.asked;
        const count = this.waiting.length + this.ahead - this.free.length;
        const first = await this.reserveBlock(count);
        this.ahead = Math.min(this.asked - askedBefore, maxAhead);
        for (let i = 0; i < count; i++) this.free.push(first + i);
        while (this.waiting.length > 0 && this.free.length > 0)
          (this.waiting.shift() as Waiter).resolve(this.free.shift() as number);
      }
    } catch (error) {
      for (const waiter of this.waiting.splice(0)) waiter.reject(error);
    } finally {
      this.reserving = false;
    }
  }

  private async reserveBlock(count: number): Promise<number> {
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      await this.catchUp();
      const first = this.lastReserved + 1;
      const event = toNewEvent({ type: 'IdBlockReserved', data: { first, last: first + count - 1 } }, systemWrite());
      try {
        // Not awaited to disk: ids matter only through the durable appends that use them, which come after.
        const result = await this.store.append(this.streamId, [event], this.revision, { durable: false });
        this.revision = result.nextRevision;
        this.lastReserved = first + count - 1;
        return first;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
      }
    }
    throw new Error(`could not reserve ids on ${this.streamId} after ${maxAttempts} attempts`);
  }

  /** Reads the blocks other instances reserved since we last looked. */
  private async catchUp(): Promise<void> {
    const from = this.revision === NoStream ? 0n : (this.revision as bigint) + 1n;
    for (const recorded of await this.store.readStream(this.streamId, { fromRevision: from })) {
      const event = decodeDomainEvent(recorded);
      if (event?.type === 'IdBlockReserved') this.lastReserved = Math.max(this.lastReserved, event.data.last);
      this.revision = recorded.revision;
    }
  }
}
