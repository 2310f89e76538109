// When this process first answered each feed validator: the feed's `Last-Modified` (docs/api.md §21.1).

/**
 * A feed changes only when its ETag does, and a new ETag is first answered no earlier than the change it reflects,
 * so that instant is a safe `Last-Modified`: an `If-Modified-Since` from before the change never gets a 304. Another
 * process (or a restart) may name a later instant, and so may a burst of changes within one second,, which costs a full
 * answer, never a stale one. Bounded: past
 * `capacity` validators it starts afresh.
 */
export class FirstSeen {
  private readonly seen = new Map<string, Date>();
  /** The latest instant given: a new validator gets a later one, even within the same second of the clock. */
  private latest = 0;

  constructor(private readonly capacity: number) {}

  of(etag: string, now: Date): Date {
    const known = this.seen.get(etag);
    if (known) return known;
    if (this.seen.size >= this.capacity) this.seen.clear();
    // HTTP dates have whole seconds: rounded up, so that the date sent back as If-Modified-Since is not before it.
    this.latest = Math.max(Math.ceil(now.getTime() / 1000) * 1000, this.latest + 1000);
    const seen = new Date(this.latest);
    this.seen.set(etag, seen);
    return seen;
  }
}
