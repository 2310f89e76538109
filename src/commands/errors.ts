// Business failures of the write side, as data; the HTTP edge maps each to the wire error payload once.

export type ResourceKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';

export type CommandError =
  /** No item with this id (events: 404; other kinds: 400 on `id`). */
  | { readonly kind: 'not-found'; readonly resource: ResourceKind; readonly id: number }
  /** The id names an item of another kind (an event route given a venue id). */
  | { readonly kind: 'wrong-kind'; readonly resource: ResourceKind; readonly id: number }
  | { readonly kind: 'already-trashed'; readonly resource: ResourceKind }
  /** Field-level validation that needs the stored state; names map to reasons (docs/api.md §13.1). */
  | { readonly kind: 'invalid-params'; readonly params: readonly InvalidParam[] }
  /** `If-Match` named a revision that is no longer current. */
  | { readonly kind: 'precondition-failed' }
  /** Optimistic concurrency kept losing; nothing was written. */
  | { readonly kind: 'write-conflict'; readonly resource: ResourceKind }
  /** The event store refused or could not be reached; nothing was written. */
  | { readonly kind: 'store-unavailable' };

export interface InvalidParam {
  readonly name: string;
  /** A specific reason code (`event-end-before-start`); absent means the generic "Invalid parameter." */
  readonly code?: string;
}

export const invalidParams = (...params: InvalidParam[]): CommandError => ({ kind: 'invalid-params', params });
