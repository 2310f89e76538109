// The read side of scheduled publication (docs/api.md §20.6): the `future` items of a collection, earliest date first.

/** A `future` item and the UTC wall-clock date (`YYYY-MM-DD HH:MM:SS`) at which it is due to become `publish`. */
export interface ScheduledPublication {
  readonly id: number;
  readonly publishedUtc: string;
}

/** What a document must hold to be indexed by its scheduled publication. */
export interface SchedulableDocument {
  readonly id: number;
  readonly status: string;
  readonly publishedUtc: string;
}

/** Earliest date first, then lowest id: the order every adapter answers in. */
export function compareScheduled(a: ScheduledPublication, b: ScheduledPublication): number {
  if (a.publishedUtc !== b.publishedUtc) return a.publishedUtc < b.publishedUtc ? -1 : 1;
  return a.id - b.id;
}

/** Every collection of post-like items answers it: events, venues and organizers. */
export interface ScheduledPublications {
  /** The first `limit` documents with status `future`, in `compareScheduled` order. */
  scheduledPublications(limit: number): Promise<readonly ScheduledPublication[]>;
}
