// The given/when vocabulary of the event decider's specification (docs/api.md §10.1, §11), shared by its test files.
import {
  eventDecider,
  type EventCommand,
  type EventRequest,
  type ScheduleDefaults,
} from '../../../../src/commands/events/eventDecider.ts';
import type { CalendarEventEvent, EventChanges, EventFacts } from '../../../../src/events/catalogue/calendarEvents.ts';
import type { PostStatus } from '../../../../src/events/catalogue/values.ts';
import { deciderSpecification } from '../../../support/specification.ts';
import { testZones } from '../../../support/memos.ts';
import { someEventFacts } from '../../../support/eventFacts.ts';

export const { given } = deciderSpecification(eventDecider);

export const id = 7;
export const nowUtc = '2025-11-10 12:00:00';
export const defaults: ScheduleDefaults = { language: 'en', author: '1', status: 'publish', timezone: 'UTC' };

/** The facts a plain schedule of "Concert" records: every default, UTC, 2025-11-20 14:00–16:00, no slug yet. */
export function facts(overrides: Partial<EventFacts> = {}): EventFacts {
  return {
    ...someEventFacts({
      publishedUtc: nowUtc,
      title: 'Concert',
      slug: '',
      start: '2025-11-20 14:00:00',
      end: '2025-11-20 16:00:00',
      startUtc: '2025-11-20 14:00:00',
      endUtc: '2025-11-20 16:00:00',
    }),
    ...overrides,
  };
}

export type ScheduleRequest = Extract<EventCommand, { type: 'ScheduleEvent' }>['request'];
export const schedule = (
  request: Partial<ScheduleRequest> = {},
  overrides: Partial<ScheduleDefaults> = {},
): EventCommand => ({
  type: 'ScheduleEvent',
  id,
  request: { title: 'Concert', start: '2025-11-20 14:00:00', end: '2025-11-20 16:00:00', ...request },
  defaults: { ...defaults, ...overrides },
  nowUtc,
  zones: testZones,
});
export const change = (request: EventRequest): EventCommand => ({
  type: 'ChangeEventDetails',
  request,
  nowUtc,
  zones: testZones,
});
export const trash: EventCommand = { type: 'TrashEvent' };

export const scheduled = (f: EventFacts): CalendarEventEvent => ({ type: 'EventScheduled', data: { id, facts: f } });
export const detailsChanged = (changes: EventChanges): CalendarEventEvent => ({
  type: 'EventDetailsChanged',
  data: { id, changes },
});
export const trashed = (previousStatus: PostStatus, slug: string): CalendarEventEvent => ({
  type: 'EventTrashed',
  data: { id, previousStatus, slug },
});

export const concert = scheduled(facts({ slug: 'concert' }));
export const endBeforeStartOn = (name: string) => ({
  kind: 'invalid-params' as const,
  params: [{ name, reason: { code: 'event-end-before-start' as const } }],
});
