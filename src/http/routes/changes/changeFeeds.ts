// The open change feeds of this process: how routes open them within the caps (per process and per user), and how
// shutdown ends them all before the server closes.
import type { EventStore } from '../../../events/eventStore.ts';
import { simpleError } from '../../errors/wireError.ts';
import { answerHead, openChangeFeed, type ChangeFeed, type FeedResponse } from './changeFeed.ts';

export interface FeedRequest {
  readonly after: bigint | undefined;
  readonly carries: (streamId: string) => boolean;
}

export interface ChangeFeedLimits {
  readonly heartbeatMs: number;
  /** Feeds open at once in this process, and per user (each holds a subscription, a socket and its buffers). */
  readonly maxFeeds: number;
  readonly maxFeedsPerUser: number;
  /** What one feed may hold for a client that does not read (see ChangeFeedOptions). */
  readonly bufferBytes: number;
}

/** A place among the open feeds, taken before the stream opens and given back when it ends (or never opens). */
export interface FeedSlot {
  release(): void;
}

/** Feeds last long: a refused client should come back in a while, not at once. */
const retryAfterSeconds = 30;

export class ChangeFeeds {
  private readonly feeds = new Set<ChangeFeed>();
  private readonly slotsByUser = new Map<number, number>();
  private slots = 0;
  private closing = false;

  constructor(
    private readonly store: EventStore,
    private readonly limits: ChangeFeedLimits,
  ) {}

  /** Feeds whose subscription is still running. */
  get count(): number {
    return this.feeds.size;
  }

  /** Takes a place for one more feed of this user, or throws 503 `cal_too_many_change_feeds` with Retry-After. */
  reserve(userId: number): FeedSlot {
    const ofUser = this.slotsByUser.get(userId) ?? 0;
    if (this.slots >= this.limits.maxFeeds || ofUser >= this.limits.maxFeedsPerUser) {
      throw simpleError(503, 'cal_too_many_change_feeds', undefined, { 'Retry-After': String(retryAfterSeconds) });
    }
    this.slots += 1;
    this.slotsByUser.set(userId, ofUser + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.slots -= 1;
        const left = (this.slotsByUser.get(userId) ?? 1) - 1;
        if (left > 0) this.slotsByUser.set(userId, left);
        else this.slotsByUser.delete(userId);
      },
    };
  }

  /** Streams changes into `response` until the client leaves, the store fails, or the service closes. */
  open(response: FeedResponse, request: FeedRequest, slot: FeedSlot): ChangeFeed {
    if (this.closing) {
      slot.release();
      // A request that slipped in on a kept-alive connection during shutdown: an empty stream, so the client retries.
      answerHead(response);
      return { ended: Promise.resolve(), shutDown: () => undefined };
    }
    const feed = openChangeFeed(this.store, response, {
      ...request,
      heartbeatMs: this.limits.heartbeatMs,
      bufferBytes: this.limits.bufferBytes,
    });
    this.feeds.add(feed);
    void feed.ended.then(() => {
      this.feeds.delete(feed);
      slot.release();
    });
    return feed;
  }

  /** Ends every feed and refuses new ones; resolves once their subscriptions have stopped. */
  async closeAll(): Promise<void> {
    this.closing = true;
    const ending = [...this.feeds];
    for (const feed of ending) feed.shutDown();
    await Promise.all(ending.map((feed) => feed.ended));
  }
}
