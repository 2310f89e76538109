// Business failures of the write side, as data; the HTTP edge maps each to the wire error payload once.
import type { RecurrenceReason } from '../domain/recurrence/recurrenceReasons.ts';
import { maxDateInputLength, type DateInputProblem } from '../domain/dateTimeInput.ts';

export type ResourceKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';

export type CommandError =
  /** No item with this id (events: 404; other kinds: 400 on `id`). */
  | { readonly kind: 'not-found'; readonly resource: ResourceKind; readonly id: number }
  /** The id names an item of another kind (an event route given a venue id). */
  | { readonly kind: 'wrong-kind'; readonly resource: ResourceKind; readonly id: number }
  | { readonly kind: 'already-trashed'; readonly resource: ResourceKind }
  /** Field-level validation that needs the stored state; names map to reasons (docs/api.md §13.1). */
  | { readonly kind: 'invalid-params'; readonly params: readonly InvalidParam[] }
  /** The caller may not write the item as it stands when the write is decided (docs/api.md §3.2). */
  | { readonly kind: 'forbidden' }
  /** `If-Match` named a revision that is no longer current. */
  | { readonly kind: 'precondition-failed' }
  /** Optimistic concurrency kept losing; nothing was written. */
  | { readonly kind: 'write-conflict'; readonly resource: ResourceKind }
  /** The event store refused or could not be reached; nothing was written. */
  | { readonly kind: 'store-unavailable' };

export interface InvalidParam {
  readonly name: string;
  /** Why; absent means the generic "Invalid parameter." */
  readonly reason?: ParamReason;
}

/**
 * Why a parameter value is refused, as data: the HTTP edge words it in the request's language (docs/api.md §13.1),
 * and `code` is the machine-readable code of its `data.details` entry.
 */
export type ParamReason =
  | { readonly code: 'too-long' | 'too-many-entries'; readonly limit: number }
  | { readonly code: 'not-in-list'; readonly allowed: readonly string[] }
  | { readonly code: 'language-mismatch'; readonly value: string }
  | { readonly code: PlainReasonCode }
  /** Why a `recurrence` is refused (docs/api.md §20.1), worded by the recurrence module. */
  | RecurrenceReason;

/** Reasons whose text needs nothing filled in. */
export type PlainReasonCode =
  | 'event-end-before-start'
  | 'extended-addon-required'
  | 'event-tickets-not-active'
  | 'not-a-date'
  | 'no-such-date'
  | 'amount-too-large'
  | 'date-out-of-range'
  | 'not-a-positive-integer'
  | 'not-a-non-negative-integer'
  | 'not-a-boolean'
  | 'not-a-number'
  | 'not-text'
  | 'empty'
  | 'control-characters'
  | 'not-an-email'
  | 'not-a-url'
  | 'not-an-image'
  | 'image-url-not-allowed'
  | 'not-a-list-of-ids'
  | 'not-a-list-of-terms'
  | 'unknown-event'
  | 'unknown-venue'
  | 'unknown-organizer'
  | 'unknown-category'
  | 'unknown-tag'
  | 'unknown-user'
  | 'unknown-slug'
  | 'unknown-time-zone'
  | 'not-a-venue'
  | 'not-an-organizer'
  | 'status-not-allowed'
  | 'needs-both-coordinates'
  | 'latitude-out-of-range'
  | 'longitude-out-of-range'
  | 'not-a-position-or-date'
  | 'not-a-translation-target'
  | 'tags-have-no-parent'
  | 'category-cycle'
  | 'occurrence-has-no-rule';

/** A reason with nothing to fill in. */
export const reason = (code: PlainReasonCode): ParamReason => ({ code });

/** Why a date-time input was refused (docs/api.md §1.3), as a parameter reason. */
export function dateReason(problem: DateInputProblem): ParamReason {
  switch (problem) {
    case 'unreadable':
      return reason('not-a-date');
    case 'no-such-date':
      return reason('no-such-date');
    case 'too-long':
      return { code: 'too-long', limit: maxDateInputLength };
    case 'amount-too-large':
      return reason('amount-too-large');
    case 'out-of-range':
      return reason('date-out-of-range');
  }
}

export const invalidParams = (...params: InvalidParam[]): CommandError => ({ kind: 'invalid-params', params });
