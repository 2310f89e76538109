// The shared part of `withSharedSubscription`: one store subscription, started when the first client joins and
// stopped when the last leaves, whose events stay in a window of about `windowBytes` for the clients to read.
import type { EventStore, RecordedEvent, Subscription } from './eventStore.ts';

export class SharedWindow {
  private events: RecordedEvent[] = [];
  private sizes: number[] = [];
  /** Index in `events` of the oldest event still kept (the ones before it are evicted, compacted now and then). */
  private first = 0;
  private bytes = 0;
  /** Every event after this position has been received, up to the newest in the window. */
  private coveredAfter = -1n;
  private upstream: Subscription | undefined;
  private clients = 0;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly windowBytes: number,
    private readonly sizeOf: (event: RecordedEvent) => number,
  ) {}

  /**
   * Whether a client at `position` can read on from the window: the window has every event after it. When no shared
   * subscription runs, one is started right after that position.
   */
  covers(position: bigint | undefined): boolean {
    const at = position ?? -1n;
    if (!this.upstream) this.start(at);
    return at >= this.coveredAfter;
  }

  join(): void {
    this.clients++;
  }

  /** Resolves once the shared subscription has stopped, when this was the last client. */
  async leave(): Promise<void> {
    if (--this.clients > 0 || !this.upstream) return;
    const upstream = this.upstream;
    this.reset();
    await upstream.stop();
  }

  /** The first event after `position`: undefined when none has come yet, 'evicted' when the window moved past. */
  next(position: bigint | undefined): RecordedEvent | 'evicted' | undefined {
    const at = position ?? -1n;
    if (!this.upstream || at < this.coveredAfter) return 'evicted';
    let low = this.first;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.events[middle] as RecordedEvent).position <= at) low = middle + 1;
      else high = middle;
    }
    return this.events[low];
  }

  /** Resolves at the next event, the end of the shared subscription, or `register`'s wake. */
  changed(register: (wake: () => void) => void): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      register(resolve);
    });
  }

  private start(after: bigint): void {
    this.coveredAfter = after;
    const upstream = this.store.subscribeToAll({
      ...(after >= 0n ? { after } : {}),
      onEvent: (event) => this.receive(event),
    });
    this.upstream = upstream;
    // Its clients find their events evicted and catch up on their own, which reports the failure if it lasts.
    void upstream.failed.then(() => {
      if (this.upstream === upstream) this.reset();
    });
  }

  private receive(event: RecordedEvent): void {
    const size = this.sizeOf(event);
    this.events.push(event);
    this.sizes.push(size);
    this.bytes += size;
    // Keeps at least the newest event, whatever its size.
    while (this.bytes > this.windowBytes && this.first < this.events.length - 1) {
      this.bytes -= this.sizes[this.first] as number;
      this.coveredAfter = (this.events[this.first] as RecordedEvent).position;
      this.first++;
    }
    if (this.first > 1024 && this.first * 2 > this.events.length) {
      this.events = this.events.slice(this.first);
      this.sizes = this.sizes.slice(this.first);
      this.first = 0;
    }
    this.notify();
  }

  private reset(): void {
    this.upstream = undefined;
    this.events = [];
    this.sizes = [];
    this.first = 0;
    this.bytes = 0;
    this.notify();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
