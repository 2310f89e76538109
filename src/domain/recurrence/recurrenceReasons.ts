// Why a `recurrence` value is refused (docs/api.md §20.1), as data: the HTTP edge words it in the request's language
// with recurrenceReasonTexts.ts. `code` is the machine-readable code of the `data.details` entry, as for the other
// parameter reasons (docs/api.md §13.1).

export type RecurrenceReason =
  /** Neither a string nor an array of strings. */
  | { readonly code: 'recurrence-not-a-list' }
  /** A line of a property other than RRULE, RDATE and EXDATE (DTSTART, EXRULE, SUMMARY…). */
  | { readonly code: 'recurrence-other-property'; readonly line: string }
  /** A line that is not RFC 5545 syntax, or a part or parameter this service does not read. */
  | { readonly code: 'recurrence-unreadable'; readonly line: string }
  | { readonly code: 'recurrence-unknown-time-zone'; readonly value: string }
  | { readonly code: 'recurrence-missing-freq' }
  | { readonly code: 'recurrence-count-with-until' }
  | { readonly code: 'recurrence-until-before-start' }
  /** An RDATE earlier than the event's start: the series item is its first occurrence (docs/api.md §20.2). */
  | { readonly code: 'recurrence-date-before-start'; readonly value: string }
  /** `part` is the rule part (`BYMONTHDAY`, `INTERVAL`…), `value` the refused value as sent. */
  | { readonly code: 'recurrence-value-out-of-range'; readonly part: string; readonly value: string }
  | { readonly code: 'recurrence-two-rules' }
  | { readonly code: 'recurrence-no-occurrence' }
  | { readonly code: 'recurrence-too-many-occurrences'; readonly limit: number };

export type RecurrenceReasonCode = RecurrenceReason['code'];
