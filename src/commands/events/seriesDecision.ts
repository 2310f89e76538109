// What a planned series records on the series item's stream (docs/api.md §20.1): the pure part of the event decider
// for `recurrence`. The handler planned the occurrences (ids and slugs) before deciding (seriesPlanning.ts).
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { CalendarEventEvent, EventFacts } from '../../events/catalogue/calendarEvents.ts';
import type { NewSeriesStart, PlannedOccurrence, SeriesFacts } from '../../events/catalogue/seriesEvents.ts';
import { occurrenceFactsOf } from '../../events/catalogue/occurrenceFacts.ts';
import type { ZoneClock } from '../../domain/timeZone.ts';
import { changedFields } from '../posts/publication.ts';
import type { CommandError } from '../errors.ts';
import type { PostFold } from '../../events/catalogue/postFold.ts';

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

/** The write to one occurrence, as the event decider hands it over (eventDecider.ts `ChangeOccurrence`). */
interface OccurrenceWrite<R> {
  readonly type: 'ChangeOccurrence';
  readonly occurrence: number;
  readonly request: R;
  readonly zones: ZoneClock;
}

/** An occurrence's slug is its own (docs/api.md §20.2): a write to it changes the other fields only. */
function withoutSlug<R extends object>(request: R): R {
  const { slug: _slug, ...rest } = request as R & { slug?: string };
  return rest as R;
}

/**
 * A write to one occurrence makes it an exception recording only the facts it changed; a delete cancels it with an
 * EXDATE for its original start (docs/api.md §20.3). `settleOnto` applies a request onto facts with the date and
 * publication rules of every event write.
 */
export function decideOccurrence<R extends object>(
  command: OccurrenceWrite<R> | { readonly type: 'CancelOccurrence'; readonly occurrence: number },
  state: PostFold<EventFacts> & { readonly series?: SeriesFacts },
  settleOnto: (facts: EventFacts, request: R) => Either<CommandError, EventFacts>,
): Either<CommandError, CalendarEventEvent[]> {
  const { id, series } = state;
  const occurrence = series?.occurrences.find((planned) => planned.id === command.occurrence);
  if (!series || !occurrence) return left({ kind: 'not-found', resource: 'event', id: command.occurrence });
  if (command.type === 'CancelOccurrence') {
    const { originalStart } = occurrence;
    const exdate = exdateLine(originalStart, state.facts);
    return right([
      { type: 'EventOccurrenceCancelled', data: { id, occurrence: occurrence.id, originalStart, exdate } },
    ]);
  }
  const before = occurrenceFactsOf(state.facts, occurrence, series.exceptions[occurrence.id], command.zones);
  const after = settleOnto(before, withoutSlug(command.request));
  if (after._tag === 'Left') return after;
  const changes = changedFields(before, after.right);
  return right([{ type: 'EventOccurrenceChanged', data: { id, occurrence: occurrence.id, changes } }]);
}

/** The EXDATE line of an original start: by date for all-day series, else on the series' wall clock. */
function exdateLine(originalStart: string, facts: EventFacts): string {
  const day = originalStart.slice(0, 10).replaceAll('-', '');
  if (facts.allDay) return `EXDATE;VALUE=DATE:${day}`;
  return `EXDATE;TZID=${facts.timezone}:${day}T${originalStart.slice(11).replaceAll(':', '')}`;
}

/** The series cut before one of its occurrences: the ones from it on leave for the new series (docs/api.md §20.3). */
export function decideSplit(
  command: {
    readonly occurrence: number;
    readonly newSeries: number;
    readonly recurrence: readonly string[];
    readonly newSeriesStart: NewSeriesStart;
  },
  state: PostFold<EventFacts> & { readonly series?: SeriesFacts },
): Either<CommandError, CalendarEventEvent[]> {
  const { id, series } = state;
  const occurrence = series?.occurrences.find((planned) => planned.id === command.occurrence);
  if (!series || !occurrence) return left({ kind: 'not-found', resource: 'event', id: command.occurrence });
  const { originalStart } = occurrence;
  const removed = idsOf(series.occurrences.filter((planned) => planned.originalStart >= originalStart));
  const { newSeries, recurrence, newSeriesStart } = command;
  const data = { id, occurrence: occurrence.id, originalStart, newSeries, recurrence: [...recurrence], removed };
  return right([{ type: 'EventSeriesSplit', data: { ...data, newSeriesStart } }]);
}
