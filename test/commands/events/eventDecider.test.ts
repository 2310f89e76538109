// Specification of the event decider (docs/api.md §10.1, §11), scheduling and publication:
// given recorded events, when a command, then events or an error.
import type { EventFacts } from '../../../src/events/catalogue/calendarEvents.ts';
import {
  given,
  nowUtc,
  facts,
  schedule,
  change,
  scheduled,
  detailsChanged,
  concert,
  endBeforeStartOn,
  type ScheduleRequest,
} from './support/eventDeciderSpec.ts';

describe('event decider', () => {
  describe('ScheduleEvent', () => {
    it(
      'records the defaults: booleans false, status from the defaults, published now, UTC dates ' +
        'from the event zone',
      () => {
        given([])
          .when(schedule({}, { timezone: 'America/New_York' }))
          .then([
            scheduled(
              facts({ timezone: 'America/New_York', startUtc: '2025-11-20 19:00:00', endUtc: '2025-11-20 21:00:00' }),
            ),
          ]);
      },
    );

    it('takes the status from the defaults (a contributor creates a draft)', () => {
      given([])
        .when(schedule({}, { status: 'draft' }))
        .then([scheduled(facts({ status: 'draft' }))]);
    });

    it('lets the request override the defaults (zone, author, flags, texts)', () => {
      given([])
        .when(schedule({ timezone: 'Europe/Madrid', author: '3', featured: true, excerpt: 'Live' }))
        .then([
          scheduled(
            facts({
              timezone: 'Europe/Madrid',
              author: '3',
              featured: true,
              excerpt: 'Live',
              startUtc: '2025-11-20 13:00:00',
              endUtc: '2025-11-20 15:00:00',
            }),
          ),
        ]);
    });

    it('widens an all-day event to 00:00:00 of its first day and 23:59:59 of its last', () => {
      given([])
        .when(
          schedule({
            allDay: true,
            timezone: 'Europe/Madrid',
            start: '2025-11-20 14:00:00',
            end: '2025-11-22 09:30:00',
          }),
        )
        .then([
          scheduled(
            facts({
              allDay: true,
              timezone: 'Europe/Madrid',
              start: '2025-11-20 00:00:00',
              end: '2025-11-22 23:59:59',
              startUtc: '2025-11-19 23:00:00',
              endUtc: '2025-11-22 22:59:59',
            }),
          ),
        ]);
    });

    it('judges end before start after the all-day widening (an earlier end time on the same day is fine)', () => {
      given([])
        .when(schedule({ allDay: true, start: '2025-11-20 14:00:00', end: '2025-11-20 09:00:00' }))
        .then([
          scheduled(
            facts({
              allDay: true,
              start: '2025-11-20 00:00:00',
              end: '2025-11-20 23:59:59',
              startUtc: '2025-11-20 00:00:00',
              endUtc: '2025-11-20 23:59:59',
            }),
          ),
        ]);
    });

    it('refuses an end before the start, naming end_date', () => {
      given([])
        .when(schedule({ end: '2025-11-20 13:59:59' }))
        .thenFails(endBeforeStartOn('end_date'));
    });

    it('accepts an end equal to the start', () => {
      const at = '2025-11-20 14:00:00';
      given([])
        .when(schedule({ end: at }))
        .then([scheduled(facts({ end: at, endUtc: at }))]);
    });

    it('refuses to schedule an event that already exists', () => {
      given([concert]).when(schedule()).thenFails({ kind: 'write-conflict', resource: 'event' });
    });
  });

  describe('publication date and timing', () => {
    const cases: Array<[string, Partial<ScheduleRequest>, Partial<EventFacts>]> = [
      [
        'publish dated in the future is future',
        { date: { utc: '2025-12-01 09:00:00' } },
        { status: 'future', publishedUtc: '2025-12-01 09:00:00' },
      ],
      [
        'future dated in the past is publish',
        { status: 'future', date: { utc: '2025-11-01 09:00:00' } },
        { status: 'publish', publishedUtc: '2025-11-01 09:00:00' },
      ],
      ['future dated exactly now is publish', { status: 'future', date: { utc: nowUtc } }, { status: 'publish' }],
      [
        'future dated in the future stays future',
        { status: 'future', date: { utc: '2025-12-01 09:00:00' } },
        { status: 'future', publishedUtc: '2025-12-01 09:00:00' },
      ],
      [
        'a draft dated in the future stays a draft',
        { status: 'draft', date: { utc: '2025-12-01 09:00:00' } },
        { status: 'draft', publishedUtc: '2025-12-01 09:00:00' },
      ],
      [
        'a local date is converted with the event zone',
        { timezone: 'America/New_York', date: { local: '2025-10-15 10:00:00' } },
        {
          timezone: 'America/New_York',
          publishedUtc: '2025-10-15 14:00:00',
          startUtc: '2025-11-20 19:00:00',
          endUtc: '2025-11-20 21:00:00',
        },
      ],
      [
        'a UTC date is taken as is',
        { timezone: 'America/New_York', date: { utc: '2025-10-15 10:00:00' } },
        {
          timezone: 'America/New_York',
          publishedUtc: '2025-10-15 10:00:00',
          startUtc: '2025-11-20 19:00:00',
          endUtc: '2025-11-20 21:00:00',
        },
      ],
    ];
    for (const [rule, request, expected] of cases) {
      it(rule, () =>
        given([])
          .when(schedule(request))
          .then([scheduled(facts(expected))]),
      );
    }

    it('an update dating a published event in the future makes it future', () => {
      given([concert])
        .when(change({ date: { utc: '2025-12-01 09:00:00' } }))
        .then([detailsChanged({ publishedUtc: '2025-12-01 09:00:00', status: 'future' })]);
    });
  });
});
