// Domain events of a recurring series (docs/api.md §20), recorded on the series item's own stream (`event-<id>`):
// the rule, the occurrences it planned (ids and slugs fixed when planned, so replays give the same ones), and the
// end of the series. One stream per series keeps a series consistent under concurrent edits.
import * as t from 'io-ts';
import { LocalDateTimeText } from './values.ts';

/** An occurrence the series planned: its own post id and slug, and the local start the rule gave it. */
export const PlannedOccurrence = t.type({ id: t.number, slug: t.string, originalStart: LocalDateTimeText });
export type PlannedOccurrence = t.TypeOf<typeof PlannedOccurrence>;

/**
 * The series' lines were set or changed. `occurrences` is the whole plan after the change (the series item itself,
 * the first occurrence, is not in it); `removed` the ids of occurrences planned before that the new rule no longer
 * gives.
 */
export const EventRecurrenceSet = t.type({
  type: t.literal('EventRecurrenceSet'),
  data: t.type({
    id: t.number,
    recurrence: t.array(t.string),
    occurrences: t.array(PlannedOccurrence),
    removed: t.array(t.number),
  }),
});

/** The series ended (`recurrence` `[]` or `null`): the event is a single event again; `removed` its occurrences. */
export const EventRecurrenceRemoved = t.type({
  type: t.literal('EventRecurrenceRemoved'),
  data: t.type({ id: t.number, removed: t.array(t.number) }),
});

export const SeriesEvent = t.union([EventRecurrenceSet, EventRecurrenceRemoved]);
export type SeriesEvent = t.TypeOf<typeof SeriesEvent>;

export const isSeriesEvent = (event: { readonly type: string }): event is SeriesEvent =>
  event.type === 'EventRecurrenceSet' || event.type === 'EventRecurrenceRemoved';

/** What a series stream says about its series so far; undefined while the event is a single event. */
export interface SeriesFacts {
  readonly recurrence: readonly string[];
  readonly occurrences: readonly PlannedOccurrence[];
}

/** The series after one of its events. */
export function foldSeries(_series: SeriesFacts | undefined, event: SeriesEvent): SeriesFacts | undefined {
  switch (event.type) {
    case 'EventRecurrenceSet':
      return { recurrence: event.data.recurrence, occurrences: event.data.occurrences };
    case 'EventRecurrenceRemoved':
      return undefined;
  }
}
