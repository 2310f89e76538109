// The seam where recurring series plug into the import (docs/api.md §21.2). Until events can recur (§20), a VEVENT
// that is a series or an exception of one is reported as skipped, never imported as a single event it is not.

/** The properties that make a VEVENT part of a series (RFC 5545 §3.8.5, §3.8.4.4). */
const seriesProperties = ['rrule', 'rdate', 'exdate', 'recurrence-id'] as const;

export const seriesNotSupported = 'recurring events are imported once series are supported';

/** More occurrences than a calendar entry has any use for: a rule written to make its reader expand it for ever. */
export const maxOccurrences = 10_000;

/** The parts of an RRULE (RFC 5545 §3.3.10) that tell a bomb from a series. */
export interface RuleShape {
  readonly freq: string;
  readonly count: number | null;
}

/**
 * Whether a rule is refused outright rather than skipped: a COUNT above `maxOccurrences`, or a rule repeating every
 * second or minute. Series are not expanded yet, but the refusal keeps such files out once they are.
 */
export const isRuleBomb = (rule: RuleShape): boolean =>
  (rule.count !== null && rule.count > maxOccurrences) || rule.freq === 'SECONDLY' || rule.freq === 'MINUTELY';

/** Why a VEVENT with these property names cannot be imported yet, or undefined for a single event. */
export function seriesSkipReason(has: (property: (typeof seriesProperties)[number]) => boolean): string | undefined {
  return seriesProperties.some(has) ? seriesNotSupported : undefined;
}
