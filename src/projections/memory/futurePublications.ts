// The memory index of `future` documents by publication date, for the scheduler (docs/api.md §20.6).
import { compareScheduled, type SchedulableDocument, type ScheduledPublication } from '../scheduledPublications.ts';

/**
 * Kept beside a collection's other indexes: every put moves the document in or out. Future items are few (those
 * waiting for their date), so the earliest are sorted when asked rather than kept in order on every put.
 */
export class FuturePublications {
  private readonly dueAt = new Map<number, string>();

  /** Follows a document the collection has just stored. */
  track(doc: SchedulableDocument): void {
    if (doc.status === 'future') this.dueAt.set(doc.id, doc.publishedUtc);
    else this.dueAt.delete(doc.id);
  }

  earliest(limit: number): ScheduledPublication[] {
    return [...this.dueAt]
      .map(([id, publishedUtc]) => ({ id, publishedUtc }))
      .sort(compareScheduled)
      .slice(0, Math.max(limit, 0));
  }
}
