// The denormalized read-model document of one calendar event, as stored by every ReadStore adapter.
import type { EventFacts } from '../../events/catalogue/calendarEvents.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';

export interface EventDocument extends EventFacts {
  readonly id: number;
  /** Stream revision of the last applied event: the ETag, and the guard that makes re-application a no-op. */
  readonly revision: number;
  /** Last write, UTC wall clock. */
  readonly modifiedUtc: string;
  readonly timezoneAbbr: string;
  /** While trashed, the status before: who may edit or delete follows it (wire.md §3.2). */
  readonly statusBeforeTrash: PostStatus | null;
  /** Lower-cased title, excerpt and description joined by NUL, so that search terms never span two fields. */
  readonly searchText: string;
}
