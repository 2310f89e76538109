// The read-model document of one venue, as stored by every ReadStore adapter and embedded in event documents.
import type { VenueFacts } from '../../events/catalogue/venues.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';

export interface VenueDocument extends VenueFacts {
  readonly id: number;
  /** Stream revision of the last applied event: the ETag, and the guard that makes re-application a no-op. */
  readonly revision: number;
  /** Last write, UTC wall clock. */
  readonly modifiedUtc: string;
  /** While trashed, the status before: who may edit or delete follows it (wire.md §3.2). */
  readonly statusBeforeTrash: PostStatus | null;
  /** Lower-cased searchable fields (§7: name, description, excerpt, address, city, province, state, stateprovince, zip, phone) joined by NUL. */
  readonly searchText: string;
}
