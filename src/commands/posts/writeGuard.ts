// What a write to an existing item must still hold on the state it is decided on: the client's `If-Match`, and the
// caller's right to write the item as it stands then (not as a read before the stream lock showed it).
import type { PostStatus } from '../../events/catalogue/values.ts';

/** Who owns an item and how far it got: what the right to write it is judged on (docs/api.md §3.2). */
export interface PostStanding {
  readonly author: string;
  readonly status: PostStatus;
  /** A trashed item is judged by the status it had before. */
  readonly statusBeforeTrash: PostStatus | null;
}

/** Whether the caller may write the item as it stands; the HTTP edge builds it from the caller and the role table. */
export type WritePermission = (standing: PostStanding) => boolean;

export interface WriteGuard {
  /** The revision the client last read (`If-Match`); another one answers 412. */
  readonly ifMatch?: bigint;
  /**
   * Checked again on every attempt, on the state loaded for it: a lost race decides on a newer state, which another
   * writer may have taken out of the caller's reach (a contributor's pending item that an editor published). Absent
   * for the service's own writes (the unlink cascade), which act for no caller.
   */
  readonly mayWrite?: WritePermission;
}
