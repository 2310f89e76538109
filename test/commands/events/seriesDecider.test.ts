// Specification of the event decider for recurring series (docs/api.md §20.1, §20.3): given recorded events, when a
// command carrying the series the handler planned, then the series events on the series item's stream.
import { eventDecider, type EventCommand, type EventRequest } from '../../../src/commands/events/eventDecider.ts';
import type { SeriesPlan } from '../../../src/commands/events/seriesDecision.ts';
import type { CalendarEventEvent } from '../../../src/events/catalogue/calendarEvents.ts';
import type { PlannedOccurrence } from '../../../src/events/catalogue/seriesEvents.ts';
import { deciderSpecification } from '../../support/specification.ts';
import { someEventFacts } from '../../support/eventFacts.ts';
import { testZones } from '../../support/memos.ts';

const { given } = deciderSpecification(eventDecider);

const id = 7;
const nowUtc = '2025-11-10 12:00:00';
const facts = someEventFacts({ publishedUtc: nowUtc });

const occurrence = (planned: number, day: string): PlannedOccurrence => ({
  id: planned,
  slug: `choir-2025-${day}`,
  originalStart: `2025-${day} 19:00:00`,
});
const [second, third, fourth] = [occurrence(8, '11-27'), occurrence(9, '12-04'), occurrence(10, '12-11')];

const weekly = ['RRULE:FREQ=WEEKLY;COUNT=3'];
const setPlan = (recurrence: readonly string[], occurrences: readonly PlannedOccurrence[]): SeriesPlan => ({
  kind: 'set',
  recurrence,
  occurrences,
});
const change = (request: EventRequest, series?: SeriesPlan): EventCommand => ({
  type: 'ChangeEventDetails',
  request,
  nowUtc,
  zones: testZones,
  ...(series ? { series } : {}),
});

const scheduled: CalendarEventEvent = { type: 'EventScheduled', data: { id, facts } };
const recurrenceSet = (
  recurrence: readonly string[],
  occurrences: readonly PlannedOccurrence[],
  removed: number[] = [],
): CalendarEventEvent => ({
  type: 'EventRecurrenceSet',
  data: { id, recurrence: [...recurrence], occurrences: [...occurrences], removed },
});
const series = recurrenceSet(weekly, [second, third]);

describe('event decider: recurring series', () => {
  it('records the series with its planned occurrences when an event is scheduled with a rule', () => {
    given([])
      .when({
        type: 'ScheduleEvent',
        id,
        slug: 'choir',
        request: { title: 'Choir', start: facts.start, end: facts.end },
        defaults: { language: 'en', author: '1', status: 'publish', timezone: 'UTC' },
        nowUtc,
        zones: testZones,
        series: setPlan(weekly, [second, third]),
      })
      .then([scheduled, series]);
  });

  it('records only the series when an update changes nothing but the rule', () => {
    given([scheduled])
      .when(change({}, setPlan(weekly, [second, third])))
      .then([series]);
  });

  it('records the field changes and the series when both change', () => {
    given([scheduled])
      .when(change({ title: 'Chorus' }, setPlan(weekly, [second])))
      .then([
        { type: 'EventDetailsChanged', data: { id, changes: { title: 'Chorus' } } },
        recurrenceSet(weekly, [second]),
      ]);
  });

  it('names the occurrences a new rule no longer gives as removed, keeping those it still gives', () => {
    const longer = ['RRULE:FREQ=WEEKLY;COUNT=4'];
    given([scheduled, series])
      .when(change({}, setPlan(longer, [second, fourth])))
      .then([recurrenceSet(longer, [second, fourth], [third.id])]);
  });

  it('records nothing about the series when the same rule plans the same occurrences', () => {
    given([scheduled, series])
      .when(change({}, setPlan(weekly, [second, third])))
      .then([{ type: 'EventDetailsChanged', data: { id, changes: {} } }]);
  });

  it('ends a series: removes every occurrence it planned', () => {
    given([scheduled, series])
      .when(change({}, { kind: 'remove' }))
      .then([{ type: 'EventRecurrenceRemoved', data: { id, removed: [second.id, third.id] } }]);
  });

  it('ending what is no series records no series event', () => {
    given([scheduled])
      .when(change({}, { kind: 'remove' }))
      .then([{ type: 'EventDetailsChanged', data: { id, changes: {} } }]);
  });

  it('folds the series into the state, and forgets it when the series ends', () => {
    const { state } = given([scheduled, series]);
    if (!state.series) throw new Error('expected a series');
    const ended = given([scheduled, series, { type: 'EventRecurrenceRemoved', data: { id, removed: [8, 9] } }]);
    if (ended.state.series) throw new Error('expected no series');
  });

  it('keeps the series when the series item is trashed (its occurrences follow it there)', () => {
    given([scheduled, series])
      .when({ type: 'TrashEvent' })
      .then([{ type: 'EventTrashed', data: { id, previousStatus: 'publish', slug: 'choir__trashed' } }]);
  });

  it('a write to an occurrence records only the fields it changed, on the series stream', () => {
    given([scheduled, series])
      .when({
        type: 'ChangeOccurrence',
        occurrence: second.id,
        request: { title: 'Choir', excerpt: 'Solo' },
        nowUtc,
        zones: testZones,
      })
      .then([{ type: 'EventOccurrenceChanged', data: { id, occurrence: second.id, changes: { excerpt: 'Solo' } } }]);
  });

  it('a moved occurrence records its new dates, in UTC too', () => {
    given([scheduled, series])
      .when({
        type: 'ChangeOccurrence',
        occurrence: second.id,
        request: { start: '2025-11-27 20:00:00', end: '2025-11-27 22:00:00' },
        nowUtc,
        zones: testZones,
      })
      .then([
        {
          type: 'EventOccurrenceChanged',
          data: {
            id,
            occurrence: second.id,
            changes: {
              start: '2025-11-27 20:00:00',
              end: '2025-11-27 22:00:00',
              startUtc: '2025-11-27 20:00:00',
              endUtc: '2025-11-27 22:00:00',
            },
          },
        },
      ]);
  });

  it('an occurrence keeps its slug: a slug in the write is not recorded', () => {
    given([scheduled, series])
      .when({ type: 'ChangeOccurrence', occurrence: second.id, request: { slug: 'other' }, nowUtc, zones: testZones })
      .then([{ type: 'EventOccurrenceChanged', data: { id, occurrence: second.id, changes: {} } }]);
  });

  it('refuses a write to an occurrence the series does not plan', () => {
    given([scheduled, series])
      .when({ type: 'ChangeOccurrence', occurrence: 99, request: { title: 'X' }, nowUtc, zones: testZones })
      .thenFails({ kind: 'not-found', resource: 'event', id: 99 });
  });

  it('refuses an end before the start on an occurrence', () => {
    given([scheduled, series])
      .when({
        type: 'ChangeOccurrence',
        occurrence: second.id,
        request: { end: '2025-11-27 18:00:00' },
        nowUtc,
        zones: testZones,
      })
      .thenFailsWith({ kind: 'invalid-params' });
  });

  it('cancels an occurrence with an EXDATE on the series wall clock', () => {
    given([scheduled, series])
      .when({ type: 'CancelOccurrence', occurrence: third.id })
      .then([
        {
          type: 'EventOccurrenceCancelled',
          data: {
            id,
            occurrence: third.id,
            originalStart: third.originalStart,
            exdate: 'EXDATE;TZID=UTC:20251204T190000',
          },
        },
      ]);
  });

  it('folds exceptions, keeps them across a new rule that still gives their start, and drops them otherwise', () => {
    const changed: CalendarEventEvent = {
      type: 'EventOccurrenceChanged',
      data: { id, occurrence: second.id, changes: { title: 'Solo' } },
    };
    const dropped: CalendarEventEvent = {
      type: 'EventOccurrenceChanged',
      data: { id, occurrence: third.id, changes: { title: 'Gone' } },
    };
    const { state } = given([scheduled, series, changed, dropped, recurrenceSet(weekly, [second], [third.id])]);
    if (JSON.stringify(state.series?.exceptions) !== JSON.stringify({ [second.id]: { title: 'Solo' } }))
      throw new Error(`unexpected exceptions ${JSON.stringify(state.series?.exceptions)}`);
  });

  it('splits the series before an occurrence: those from it on leave for the new series, its start recorded', () => {
    const cut = ['RRULE:FREQ=WEEKLY;UNTIL=20251204T185959'];
    const newSeriesStart = {
      facts: { ...facts, title: 'Late choir', start: '2025-12-04 20:00:00', end: '2025-12-04 22:00:00' },
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=2'],
    };
    given([scheduled, recurrenceSet(weekly, [second, third, fourth])])
      .when({ type: 'SplitSeries', occurrence: third.id, newSeries: 20, recurrence: cut, newSeriesStart })
      .then([
        {
          type: 'EventSeriesSplit',
          data: {
            id,
            occurrence: third.id,
            originalStart: third.originalStart,
            newSeries: 20,
            recurrence: cut,
            removed: [third.id, fourth.id],
            newSeriesStart,
          },
        },
      ]);
  });
});
