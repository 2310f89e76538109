// Specification of the `PublishScheduled` decision (docs/api.md §20.6) for events and for items (venues as the kind):
// given recorded events, when the scheduler asks to publish what it saw, then one status change or nothing at all.
import { planPublications } from '../../../src/commands/scheduling/duePublications.ts';
import { expect } from 'chai';
import { eventDecider, type EventCommand } from '../../../src/commands/events/eventDecider.ts';
import { itemDecider, type ItemCommand } from '../../../src/commands/posts/itemDecider.ts';
import { venueKind } from '../../../src/commands/venues/venueKind.ts';
import type { CalendarEventEvent, EventFacts } from '../../../src/events/catalogue/calendarEvents.ts';
import type { VenueEvent, VenueFacts } from '../../../src/events/catalogue/venues.ts';
import { deciderSpecification } from '../../support/specification.ts';
import { someEventFacts } from '../../support/eventFacts.ts';

const dueAt = '2026-11-22 11:00:00';
const after = '2026-11-22 11:00:01';
const eventFacts: EventFacts = {
  ...someEventFacts({
    status: 'future',
    publishedUtc: dueAt,
    title: 'Launch',
    slug: 'launch',
    start: '2026-12-01 10:00:00',
    end: '2026-12-01 11:00:00',
    startUtc: '2026-12-01 10:00:00',
    endUtc: '2026-12-01 11:00:00',
  }),
};
const scheduled: CalendarEventEvent = { type: 'EventScheduled', data: { id: 3, facts: eventFacts } };
const eventChanged = (changes: Partial<EventFacts>): CalendarEventEvent => ({
  type: 'EventDetailsChanged',
  data: { id: 3, changes },
});
const publishEvent = (nowUtc: string, publishedUtc = dueAt): EventCommand => ({
  type: 'PublishScheduled',
  publishedUtc,
  nowUtc,
});

describe('PublishScheduled (events)', () => {
  const { given } = deciderSpecification(eventDecider);

  it('records `future` → `publish` once the date the scheduler saw has come', () => {
    given([scheduled])
      .when(publishEvent(after))
      .then([eventChanged({ status: 'publish' })]);
    given([scheduled])
      .when(publishEvent(dueAt))
      .then([eventChanged({ status: 'publish' })]);
  });

  it('records nothing before the date', () => {
    given([scheduled]).when(publishEvent('2026-11-22 10:59:59')).then([]);
  });

  it(
    'records nothing when another scheduler published it first (the loser of a race decides ' + 'again on this state)',
    () => {
      given([scheduled, eventChanged({ status: 'publish' })])
        .when(publishEvent(after))
        .then([]);
    },
  );

  it('records nothing when the date was moved after the scheduler read it, even to another passed date', () => {
    given([scheduled, eventChanged({ publishedUtc: '2026-11-22 12:00:00' })])
      .when(publishEvent('2026-11-22 13:00:00'))
      .then([]);
    given([scheduled, eventChanged({ publishedUtc: '2026-11-22 10:30:00' })])
      .when(publishEvent(after))
      .then([]);
  });

  it('records nothing when it was unpublished or trashed meanwhile', () => {
    given([scheduled, eventChanged({ status: 'draft' })])
      .when(publishEvent(after))
      .then([]);
    given([scheduled, { type: 'EventTrashed', data: { id: 3, previousStatus: 'future', slug: 'launch__trashed' } }])
      .when(publishEvent(after))
      .then([]);
  });

  it('fails as not found on an empty stream', () => {
    given([]).when(publishEvent(after)).thenFailsWith({ kind: 'not-found' });
  });
});

describe('PublishScheduled (venues, organizers)', () => {
  const { given } = deciderSpecification(itemDecider(venueKind));
  const facts: VenueFacts = {
    ...venueKind.blankFacts({ language: 'en', author: '1', status: 'future' }, dueAt),
    name: 'Hall',
    slug: 'hall',
  };
  const registered: VenueEvent = { type: 'VenueRegistered', data: { id: 4, facts } };
  const publish = (nowUtc: string, publishedUtc = dueAt): ItemCommand<VenueFacts> => ({
    type: 'PublishScheduled',
    publishedUtc,
    nowUtc,
  });

  it('records `future` → `publish` when due, nothing otherwise', () => {
    given([registered])
      .when(publish(after))
      .then([{ type: 'VenueDetailsChanged', data: { id: 4, changes: { status: 'publish' } } }]);
    given([registered]).when(publish('2026-11-22 10:00:00')).then([]);
    given([registered]).when(publish(after, '2026-11-22 10:00:00')).then([]);
    given([registered, { type: 'VenueTrashed', data: { id: 4, previousStatus: 'future', slug: 'hall__trashed' } }])
      .when(publish(after))
      .then([]);
  });
});

describe('planPublications', () => {
  it('takes the items whose date is not after now, earliest first, and names the next date to come', () => {
    const plan = planPublications(
      [
        { kind: 'venue', id: 2, publishedUtc: '2026-11-22 12:00:00' },
        { kind: 'event', id: 5, publishedUtc: dueAt },
        { kind: 'organizer', id: 9, publishedUtc: '2026-11-22 10:00:00' },
      ],
      after,
    );
    expect(plan).to.deep.equal({
      due: [
        { kind: 'organizer', id: 9, publishedUtc: '2026-11-22 10:00:00' },
        { kind: 'event', id: 5, publishedUtc: dueAt },
      ],
      nextDueUtc: '2026-11-22 12:00:00',
    });
    expect(planPublications([], after)).to.deep.equal({ due: [] });
  });
});
