// Specification of the event decider (docs/api.md §10.1, §11), changes and trashing:
// given recorded events, when a command, then events or an error.
import { expect } from 'chai';
import { changedFacts, endBeforeStart } from '../../../src/commands/events/eventDecider.ts';
import {
  given,
  facts,
  change,
  trash,
  scheduled,
  detailsChanged,
  trashed,
  concert,
  endBeforeStartOn,
} from './support/eventDeciderSpec.ts';

describe('event decider', () => {
  describe('ChangeEventDetails', () => {
    const rich = scheduled(
      facts({
        slug: 'concert',
        status: 'private',
        featured: true,
        website: 'https://example.com',
        cost: { entries: ['10'] },
        timezone: 'Europe/Madrid',
        startUtc: '2025-11-20 13:00:00',
        endUtc: '2025-11-20 15:00:00',
        publishedUtc: '2025-11-01 08:00:00',
      }),
    );

    it('keeps every fact not sent and records only what changed', () => {
      given([rich])
        .when(change({ title: 'Renamed' }))
        .then([detailsChanged({ title: 'Renamed' })]);
    });

    it('records no changes when the values sent are the stored ones', () => {
      given([rich])
        .when(change({ title: 'Concert', featured: true, status: 'private' }))
        .then([detailsChanged({})]);
    });

    it('keeps the local wall clock when only the time zone changes, and recomputes the UTC dates', () => {
      given([concert])
        .when(change({ timezone: 'America/New_York' }))
        .then([
          detailsChanged({
            timezone: 'America/New_York',
            startUtc: '2025-11-20 19:00:00',
            endUtc: '2025-11-20 21:00:00',
          }),
        ]);
    });

    it('keeps the UTC dates recorded with dates and a zone the change leaves alone, converting nothing again', () => {
      // Recorded under other zone rules than today's (New York at UTC-4 in November): the instants stay as recorded.
      const recordedUnderOtherRules = scheduled(
        facts({
          slug: 'concert',
          timezone: 'America/New_York',
          startUtc: '2025-11-20 18:00:00',
          endUtc: '2025-11-20 20:00:00',
        }),
      );
      given([recordedUnderOtherRules])
        .when(change({ description: 'Doors at seven.', start: '2025-11-20 14:00:00' }))
        .then([detailsChanged({ description: 'Doors at seven.' })]);
      given([recordedUnderOtherRules])
        .when(change({ end: '2025-11-20 17:00:00' }))
        .then([detailsChanged({ end: '2025-11-20 17:00:00', endUtc: '2025-11-20 22:00:00' })]);
    });

    it('re-normalises the stored dates to whole days on all_day: true without dates', () => {
      given([rich])
        .when(change({ allDay: true }))
        .then([
          detailsChanged({
            allDay: true,
            start: '2025-11-20 00:00:00',
            end: '2025-11-20 23:59:59',
            startUtc: '2025-11-19 23:00:00',
            endUtc: '2025-11-20 22:59:59',
          }),
        ]);
    });

    it('accepts either date alone while the result stays ordered', () => {
      given([concert])
        .when(change({ end: '2025-11-21 10:00:00' }))
        .then([detailsChanged({ end: '2025-11-21 10:00:00', endUtc: '2025-11-21 10:00:00' })]);
    });

    it('refuses a start sent alone that falls after the stored end, naming start_date', () => {
      given([concert])
        .when(change({ start: '2025-11-20 16:00:01' }))
        .thenFails(endBeforeStartOn('start_date'));
    });

    it('refuses an end sent alone that falls before the stored start, naming end_date', () => {
      given([concert])
        .when(change({ end: '2025-11-20 13:00:00' }))
        .thenFails(endBeforeStartOn('end_date'));
    });

    it('names end_date when both dates are sent in the wrong order', () => {
      given([concert])
        .when(change({ start: '2025-11-21 10:00:00', end: '2025-11-21 09:00:00' }))
        .thenFails(endBeforeStartOn('end_date'));
    });

    it('leaves a trashed event trashed when status is not sent', () => {
      given([concert, trashed('publish', 'concert__trashed')])
        .when(change({ title: 'Renamed' }))
        .then([detailsChanged({ title: 'Renamed' })]);
    });

    it('takes a trashed event out of the trash when status is sent', () => {
      given([concert, trashed('publish', 'concert__trashed')])
        .when(change({ status: 'draft' }))
        .then([detailsChanged({ status: 'draft' })]);
    });

    it('fails with not-found on a missing event', () => {
      given([])
        .when(change({ title: 'Renamed' }))
        .thenFailsWith({ kind: 'not-found', resource: 'event' });
    });
  });

  describe('TrashEvent', () => {
    it('records the previous status and the slug suffixed __trashed', () => {
      given([scheduled(facts({ slug: 'concert', status: 'private' }))])
        .when(trash)
        .then([trashed('private', 'concert__trashed')]);
    });

    it('records the status the event has now, after its changes', () => {
      given([concert, detailsChanged({ status: 'draft' })])
        .when(trash)
        .then([trashed('draft', 'concert__trashed')]);
    });

    it('can trash again an event taken out of the trash', () => {
      given([concert, trashed('publish', 'concert__trashed'), detailsChanged({ status: 'publish', slug: 'concert' })])
        .when(trash)
        .then([trashed('publish', 'concert__trashed')]);
    });

    it('fails with already-trashed on a trashed event', () => {
      given([concert, trashed('publish', 'concert__trashed')])
        .when(trash)
        .thenFails({ kind: 'already-trashed', resource: 'event' });
    });

    it('fails with not-found on a missing event', () => {
      given([]).when(trash).thenFailsWith({ kind: 'not-found', resource: 'event' });
    });
  });

  describe('endBeforeStart and changedFacts', () => {
    const cases: Array<[string, string, boolean, boolean]> = [
      ['2025-11-20 14:00:00', '2025-11-20 13:59:59', false, true],
      ['2025-11-20 14:00:00', '2025-11-20 14:00:00', false, false],
      ['2025-11-20 14:00:00', '2025-11-20 09:00:00', true, false],
      ['2025-11-20 14:00:00', '2025-11-19 23:59:59', true, true],
    ];
    for (const [start, end, allDay, refused] of cases) {
      it(`${start} → ${end}${allDay ? ' all day' : ''} is ${refused ? 'refused' : 'fine'}`, () => {
        expect(endBeforeStart(start, end, allDay)).to.equal(refused);
      });
    }

    it('changedFacts lists only differing facts, comparing lists and objects by value, never the language', () => {
      const before = facts({ categories: [1, 2], cost: { entries: ['10'] } });
      const after = facts({ language: 'es', categories: [1, 2], cost: { entries: ['12'] }, tags: [3] });
      expect(changedFacts(before, after)).to.deep.equal({ cost: { entries: ['12'] }, tags: [3] });
    });
  });
});
