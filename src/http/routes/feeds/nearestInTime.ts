// Which events a feed keeps when more match than it may hold (docs/api.md §21.1): the nearest in time.
import type { EventDocument } from '../../../projections/events/eventDocument.ts';

type Timed = Pick<EventDocument, 'startUtc' | 'endUtc'>;

const millis = (utcText: string): number => Date.parse(`${utcText.replace(' ', 'T')}Z`);

/** How far an event lies from `reference`: 0 while it runs, else the gap to its start or from its end. */
function distance(event: Timed, reference: number): number {
  const start = millis(event.startUtc);
  const end = millis(event.endUtc);
  if (start > reference) return start - reference;
  if (end < reference) return reference - end;
  return 0;
}

/**
 * The `max` events nearest to `referenceUtc` (a UTC wall-clock text), in their original order; ties go to the earlier
 * in that order, so the choice is the same on every request. All of them, in order, when they are not more than `max`.
 */
export function nearestInTime<E extends Timed>(
  events: readonly E[],
  max: number,
  referenceUtc: string,
): { kept: readonly E[]; truncated: boolean } {
  if (events.length <= max) return { kept: events, truncated: false };
  const reference = millis(referenceUtc);
  const ranked = events.map((event, index) => ({ index, distance: distance(event, reference) }));
  ranked.sort((a, b) => a.distance - b.distance || a.index - b.index);
  const kept = ranked
    .slice(0, max)
    .map((entry) => entry.index)
    .sort((a, b) => a - b);
  return { kept: kept.map((index) => events[index] as E), truncated: true };
}
