// Recurring entries in calendar files (docs/api.md §21.2): a rule no calendar needs refuses the whole file before it
// is expanded; the other rules are checked by the service as any `recurrence` (§20.1) when the series is written.

/** More occurrences than a calendar entry has any use for: a rule written to make its reader expand it for ever. */
export const maxOccurrences = 10_000;

/** The parts of an RRULE (RFC 5545 §3.3.10) that tell a bomb from a series. */
export interface RuleShape {
  readonly freq: string;
  readonly count: number | null;
}

/** Whether a rule refuses the whole file (not its entry): COUNT above `maxOccurrences`, or every second or minute. */
export const isRuleBomb = (rule: RuleShape): boolean =>
  (rule.count !== null && rule.count > maxOccurrences) || rule.freq === 'SECONDLY' || rule.freq === 'MINUTELY';
