// Numeric ids that stay unique across service instances: blocks reserved through an `ids-<sequence>` stream.
import { NoStream, WrongExpectedRevision, type EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent, toNewEvent } from '../../events/catalogue/envelope.ts';
import { systemWrite } from './systemWrite.ts';

const maxAttempts = 50;

/**
 * Hands out ids one at a time. Callers waiting together share one reserved block, so concurrent creates cost one
 * append; a block is sized to the waiters, which keeps ids dense on a single instance. Another instance reserving
 * concurrently makes the append fail its expected revision; we then read what it took and try again.
 */
export class IdAllocator {
  private readonly free: number[] = [];
  private readonly waiting: ((id: number) => void)[] = [];
  private readonly failing: ((error: unknown) => void)[] = [];
  private reserving = false;
  private revision: bigint | typeof NoStream = NoStream;
  private lastReserved = 0;

  constructor(
    private readonly store: EventStore,
    private readonly streamId: string,
  ) {}

  next(): Promise<number> {
    const id = this.free.shift();
    if (id !== undefined) return Promise.resolve(id);
    return new Promise<number>((resolve, reject) => {
      this.waiting.push(resolve);
      this.failing.push(reject);
      void this.reserve();
    });
  }

  private async reserve(): Promise<void> {
    if (this.reserving) return;
    this.reserving = true;
    try {
      while (this.waiting.length > 0) {
        const count = this.waiting.length;
        const first = await this.reserveBlock(count);
        for (let i = 0; i < count; i++) this.free.push(first + i);
        for (const resolve of this.waiting.splice(0, count)) resolve(this.free.shift() as number);
        this.failing.splice(0, count);
      }
    } catch (error) {
      this.waiting.length = 0;
      for (const reject of this.failing.splice(0)) reject(error);
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
