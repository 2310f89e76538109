// What a planned series records on the series item's stream (docs/api.md §20.1): the pure part of the event decider
// for `recurrence`. The handler planned the occurrences (ids and slugs) before deciding (seriesPlanning.ts).
import type { CalendarEventEvent } from '../../events/catalogue/calendarEvents.ts';
import type { PlannedOccurrence, SeriesFacts } from '../../events/catalogue/seriesEvents.ts';

/** Set (or change) the lines and the occurrences they give; or end the series (`[]` / `null`). */
export type SeriesPlan =
  | {
      readonly kind: 'set';
      readonly recurrence: readonly string[];
      /** Every occurrence after the series item, those planned before keeping their ids and slugs. */
      readonly occurrences: readonly PlannedOccurrence[];
    }
  | { readonly kind: 'remove' };

const idsOf = (occurrences: readonly PlannedOccurrence[]): number[] => occurrences.map((o) => o.id);

function samePlan(series: SeriesFacts, plan: Extract<SeriesPlan, { kind: 'set' }>): boolean {
  return (
    JSON.stringify(series.recurrence) === JSON.stringify(plan.recurrence) &&
    JSON.stringify(series.occurrences) === JSON.stringify(plan.occurrences)
  );
}

/** The series events a plan records on a series that stands as `series` (undefined: a single event so far). */
export function seriesEvents(
  id: number,
  series: SeriesFacts | undefined,
  plan: SeriesPlan | undefined,
): CalendarEventEvent[] {
  if (!plan) return [];
  if (plan.kind === 'remove') {
    return series ? [{ type: 'EventRecurrenceRemoved', data: { id, removed: idsOf(series.occurrences) } }] : [];
  }
  if (series && samePlan(series, plan)) return [];
  const kept = new Set(idsOf(plan.occurrences));
  const removed = series ? idsOf(series.occurrences).filter((planned) => !kept.has(planned)) : [];
  return [
    {
      type: 'EventRecurrenceSet',
      data: { id, recurrence: [...plan.recurrence], occurrences: [...plan.occurrences], removed },
    },
  ];
}
