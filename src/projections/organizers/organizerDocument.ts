// The read-model document of one organizer, as stored by every ReadStore adapter and embedded in event documents.
import type { OrganizerFacts } from '../../events/catalogue/organizers.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';

export interface OrganizerDocument extends OrganizerFacts {
  readonly id: number;
  /** Stream revision of the last applied event: the ETag, and the guard that makes re-application a no-op. */
  readonly revision: number;
  /** Last write, UTC wall clock. */
  readonly modifiedUtc: string;
  /** While trashed, the status before: who may edit or delete follows it (docs/api.md §3.2). */
  readonly statusBeforeTrash: PostStatus | null;
  /** Lower-cased searchable fields (§7: name, description, excerpt, phone, email, website) joined by NUL. */
  readonly searchText: string;
}
