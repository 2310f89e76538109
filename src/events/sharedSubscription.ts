// One store subscription shared by every subscriber near the head (the change-feed clients of a process): a client
// catches up on a subscription of its own, then joins the shared one, whose recent events stay in a bounded window
// from which each client reads at its own pace. A client that falls out of the window (slow) catches up on its own
// again. The shared subscription never waits for a client, so a stalled one holds back nobody.
import {
  passingOverOf,
  type EventStore,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './eventStore.ts';
import { approximateBytes } from './approximateBytes.ts';
import { SharedWindow } from './sharedWindow.ts';

export interface SharedSubscriptionSettings {
  /** About how many bytes of recent events the shared window keeps (approximateBytes). */
  readonly windowBytes: number;
}

/** The store with `subscribeToAll` served through one shared subscription; every other call passes through. */
export function withSharedSubscription(store: EventStore, settings: SharedSubscriptionSettings): EventStore {
  const window = new SharedWindow(store, settings.windowBytes, approximateBytes);
  return {
    append: (streamId, events, expected, options) => store.append(streamId, events, expected, options),
    appendToStreams: (appends, options) => store.appendToStreams(appends, options),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    ...passingOverOf(store),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
    subscribeToAll: (options) => new SharedClient(store, window, options).subscription,
  };
}

/** One subscriber: on a subscription of its own until caught up, then on the shared window. */
class SharedClient {
  readonly subscription: Subscription;
  private position: bigint | undefined;
  private own: Subscription | undefined;
  private caughtUp = false;
  /**
   * Whether the own subscription reached the head it saw when it started. A client joins the window only then: one
   * that joined right after falling out of it would start a shared subscription at its own position, which reads the
   * whole backlog at once while the client takes one event, falls out again, and so on, reading the backlog once per
   * event it delivers.
   */
  private ownCaughtUp = false;
  private stopped = false;
  private joined = false;
  private handling: Promise<unknown> = Promise.resolve();
  /** The window's delivery loop, once joined; `stop` waits for it to have left the window. */
  private following: Promise<void> = Promise.resolve();
  private wake: () => void = () => undefined;
  private reportFailure: (error: Error) => void = () => undefined;

  constructor(
    private readonly store: EventStore,
    private readonly window: SharedWindow,
    private readonly options: SubscribeOptions,
  ) {
    this.position = options.after;
    const failed = new Promise<Error>((resolve) => (this.reportFailure = resolve));
    this.subscription = { failed, stop: () => this.stop() };
    this.followOwn();
  }

  private followOwn(): void {
    this.joined = false;
    this.ownCaughtUp = false;
    const own = this.store.subscribeToAll({
      ...this.options,
      ...(this.position === undefined ? {} : { after: this.position }),
      onEvent: async (event) => {
        if (this.joined || this.stopped) return;
        await this.deliver(event);
        this.tryJoin(own);
      },
      onCaughtUp: () => {
        if (!this.caughtUp) this.options.onCaughtUp?.();
        this.caughtUp = true;
        this.ownCaughtUp = true;
        this.tryJoin(own);
      },
    });
    this.own = own;
    void own.failed.then((error) => {
      if (!this.joined) this.fail(error);
    });
  }

  /** Called inside the own subscription's handler: the switch waits until that call has returned. */
  private tryJoin(own: Subscription): void {
    if (this.joined || this.stopped || !this.ownCaughtUp || !this.window.covers(this.position)) return;
    this.joined = true;
    this.window.join();
    this.following = own.stop().then(() => this.followWindow());
  }

  private async followWindow(): Promise<void> {
    this.own = undefined;
    try {
      while (!this.stopped) {
        const next = this.window.next(this.position);
        if (next === 'evicted') break;
        if (next === undefined) await this.window.changed((wake) => (this.wake = wake));
        else await this.deliver(next);
      }
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    } finally {
      await this.window.leave();
    }
    if (!this.stopped) this.followOwn();
  }

  private async deliver(event: RecordedEvent): Promise<void> {
    if (this.joined) this.options.onRead?.([event]);
    const call = Promise.resolve(this.options.onEvent(event));
    this.handling = call.catch(() => undefined);
    await call;
    this.position = event.position;
  }

  private fail(error: Error): void {
    if (this.stopped) return;
    this.stopped = true;
    this.reportFailure(error);
  }

  private async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.own?.stop();
    await this.handling;
    await this.following;
  }
}
