// Domain events of a recurring series (docs/api.md §20), recorded on the series item's own stream (`event-<id>`):
// the rule, the occurrences it planned (ids and slugs fixed when planned, so replays give the same ones), and the
// end of the series. One stream per series keeps a series consistent under concurrent edits.
import * as t from 'io-ts';
import { LocalDateTimeText } from './values.ts';
import { EventChangesCodec, EventFacts, type EventChanges } from './eventFactsCodec.ts';

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

/**
 * A write to one occurrence (docs/api.md §20.3): it became an exception. `changes` holds only the facts the write
 * changed; the facts it never changed keep following the series.
 */
export const EventOccurrenceChanged = t.type({
  type: t.literal('EventOccurrenceChanged'),
  data: t.type({ id: t.number, occurrence: t.number, changes: EventChangesCodec }),
});

/** An occurrence was deleted: the series gained `exdate` (an EXDATE line for its original start) and lost it. */
export const EventOccurrenceCancelled = t.type({
  type: t.literal('EventOccurrenceCancelled'),
  data: t.type({ id: t.number, occurrence: t.number, originalStart: LocalDateTimeText, exdate: t.string }),
});

/**
 * What the new series of a split starts as: its facts (the written fields over the occurrence's, a password already
 * hashed) and its lines (`null`: a single event). Recorded with the cut, so that the split can be completed from the
 * store alone when a failure stops it between its appends (docs/recurrence.md).
 */
export const NewSeriesStart = t.type({ facts: EventFacts, recurrence: t.union([t.array(t.string), t.null]) });
export type NewSeriesStart = t.TypeOf<typeof NewSeriesStart>;

/**
 * The series was split at one occurrence (`recurrence_scope=following`): its rule now ends before `originalStart`
 * (`recurrence`, its new lines), and the occurrences from there on (`removed`) left it for the new series
 * `newSeries`, which starts at that occurrence with its own stream, as `newSeriesStart` says (absent in version 1,
 * whose splits only the write that asked for them can complete).
 */
export const EventSeriesSplit = t.type({
  type: t.literal('EventSeriesSplit'),
  data: t.intersection([
    t.type({
      id: t.number,
      occurrence: t.number,
      originalStart: LocalDateTimeText,
      newSeries: t.number,
      recurrence: t.array(t.string),
      removed: t.array(t.number),
    }),
    t.partial({ newSeriesStart: NewSeriesStart }),
  ]),
});

export const SeriesEvent = t.union([
  EventRecurrenceSet,
  EventRecurrenceRemoved,
  EventOccurrenceChanged,
  EventOccurrenceCancelled,
  EventSeriesSplit,
]);
export type SeriesEvent = t.TypeOf<typeof SeriesEvent>;

const seriesEventTypes: ReadonlySet<string> = new Set([
  'EventRecurrenceSet',
  'EventRecurrenceRemoved',
  'EventOccurrenceChanged',
  'EventOccurrenceCancelled',
  'EventSeriesSplit',
]);

export const isSeriesEvent = (event: { readonly type: string }): event is SeriesEvent =>
  seriesEventTypes.has(event.type);

/** Occurrence id → the facts its writes changed (docs/api.md §20.3). */
export type SeriesExceptions = Readonly<Record<number, EventChanges>>;

/** What a series stream says about its series so far; undefined while the event is a single event. */
export interface SeriesFacts {
  readonly recurrence: readonly string[];
  readonly occurrences: readonly PlannedOccurrence[];
  readonly exceptions: SeriesExceptions;
}

/** The exceptions of the occurrences still planned: a new rule keeps those whose original start it still gives. */
function keptExceptions(exceptions: SeriesExceptions, occurrences: readonly PlannedOccurrence[]): SeriesExceptions {
  const kept: Record<number, EventChanges> = {};
  for (const { id } of occurrences) if (exceptions[id]) kept[id] = exceptions[id];
  return kept;
}

/** The series after one of its events. */
export function foldSeries(series: SeriesFacts | undefined, event: SeriesEvent): SeriesFacts | undefined {
  switch (event.type) {
    case 'EventRecurrenceSet': {
      const { recurrence, occurrences } = event.data;
      return { recurrence, occurrences, exceptions: keptExceptions(series?.exceptions ?? {}, occurrences) };
    }
    case 'EventRecurrenceRemoved':
      return undefined;
    case 'EventOccurrenceChanged': {
      if (!series) return series;
      const { occurrence, changes } = event.data;
      return {
        ...series,
        exceptions: { ...series.exceptions, [occurrence]: { ...series.exceptions[occurrence], ...changes } },
      };
    }
    case 'EventSeriesSplit': {
      if (!series) return series;
      const removed = new Set(event.data.removed);
      const occurrences = series.occurrences.filter((planned) => !removed.has(planned.id));
      return {
        recurrence: event.data.recurrence,
        occurrences,
        exceptions: keptExceptions(series.exceptions, occurrences),
      };
    }
    case 'EventOccurrenceCancelled': {
      if (!series) return series;
      const occurrences = series.occurrences.filter((planned) => planned.id !== event.data.occurrence);
      return {
        recurrence: [...series.recurrence, event.data.exdate],
        occurrences,
        exceptions: keptExceptions(series.exceptions, occurrences),
      };
    }
  }
}
