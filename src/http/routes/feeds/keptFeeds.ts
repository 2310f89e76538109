// Rendered `events.ics` feeds answered again from their bytes while the read model stays at one position (docs/api.md
// §21.1): a feed of thousands of events takes hundreds of milliseconds to render, and calendar applications fetch the
// same few feeds over and over.
import type { ReadModelMemo } from '../../readModelMemo.ts';

/** A feed as answered: its bytes and whether it left events out (`X-Cal-Truncated`). */
export interface RenderedFeed {
  readonly body: Buffer;
  readonly truncated: boolean;
}

/** The feeds kept at one read-model position, oldest first, and the bytes they hold together. */
interface Shelf {
  bytes: number;
  readonly feeds: Map<string, RenderedFeed>;
}

/** The feeds kept at one position. */
export interface FeedShelf {
  /** The feed kept under `key`, else the one `render` makes, kept for the requests at the same position. */
  feed(key: string, render: () => Promise<RenderedFeed>): Promise<RenderedFeed>;
}

/** Default bound on the bytes of the feeds kept at once: a 5,000-event feed is about 2 MB. */
export const keptFeedBytes = 32 * 1024 * 1024;

/**
 * Feeds by key at the read model's position, through the memo, which starts its tables afresh when the next event is
 * projected: a feed rendered before a write is never answered after it. The key must stand for everything the feed
 * depends on besides the read model (the feed's validator does: query, caller, unlocking parameters, date). Bounded
 * by bytes: the oldest kept feeds make room for a new one, and a feed larger than the bound is not kept.
 */
export class KeptFeeds {
  constructor(
    private readonly memo: ReadModelMemo,
    private readonly maxBytes: number = keptFeedBytes,
  ) {}

  /**
   * The feeds kept at the read model's current position. Take it before reading anything a feed shows (the lock
   * checks of its query included): a feed read across a position change then goes to a shelf no later request sees.
   */
  atPosition(): FeedShelf {
    const shelf = this.shelf();
    return {
      feed: async (key, render) => {
        const kept = shelf.feeds.get(key);
        if (kept) return kept;
        const rendered = await render();
        this.keep(shelf, key, rendered);
        return rendered;
      },
    };
  }

  /** The bytes kept at the current position (what the bound holds). */
  keptBytes(): number {
    return this.shelf().bytes;
  }

  private shelf(): Shelf {
    const shelves = this.memo.table<Shelf, string>('icsFeeds', 2);
    let shelf = shelves.get('shelf');
    if (!shelf) {
      shelf = { bytes: 0, feeds: new Map() };
      shelves.set('shelf', shelf);
    }
    return shelf;
  }

  private keep(shelf: Shelf, key: string, feed: RenderedFeed): void {
    const size = feed.body.length;
    if (size > this.maxBytes || shelf.feeds.has(key)) return;
    for (const [oldKey, old] of shelf.feeds) {
      if (shelf.bytes + size <= this.maxBytes) break;
      shelf.feeds.delete(oldKey);
      shelf.bytes -= old.body.length;
    }
    shelf.feeds.set(key, feed);
    shelf.bytes += size;
  }
}
