// The open change feeds of this process: how routes open them, and how shutdown ends them all before the server closes.
import type { EventStore } from '../../../events/eventStore.ts';
import { answerHead, openChangeFeed, type ChangeFeed, type FeedResponse } from './changeFeed.ts';

export interface FeedRequest {
  readonly after: bigint | undefined;
  readonly carries: (streamId: string) => boolean;
}

export class ChangeFeeds {
  private readonly feeds = new Set<ChangeFeed>();
  private closing = false;

  constructor(
    private readonly store: EventStore,
    private readonly heartbeatMs: number,
  ) {}

  /** Feeds whose subscription is still running. */
  get count(): number {
    return this.feeds.size;
  }

  /** Streams changes into `response` until the client leaves, the store fails, or the service closes. */
  open(response: FeedResponse, request: FeedRequest): ChangeFeed {
    if (this.closing) {
      // A request that slipped in on a kept-alive connection during shutdown: an empty stream, so the client retries.
      answerHead(response);
      return { ended: Promise.resolve(), shutDown: () => undefined };
    }
    const feed = openChangeFeed(this.store, response, { ...request, heartbeatMs: this.heartbeatMs });
    this.feeds.add(feed);
    void feed.ended.then(() => this.feeds.delete(feed));
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
