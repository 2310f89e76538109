// Domain events of the calendar event lifecycle (`event-<id>` streams), with their io-ts codecs.
import * as t from 'io-ts';
import {
  EventOccurrenceCancelled,
  EventOccurrenceChanged,
  EventRecurrenceRemoved,
  EventRecurrenceSet,
  EventSeriesSplit,
  isSeriesEvent,
} from './seriesEvents.ts';
import { PostStatus, TranslationLink } from './values.ts';
import { EventChangesCodec, EventFacts } from './eventFactsCodec.ts';

export { EventChangesCodec, EventFacts, type EventChanges } from './eventFactsCodec.ts';

export const EventScheduled = t.type({
  type: t.literal('EventScheduled'),
  data: t.intersection([t.type({ id: t.number, facts: EventFacts }), TranslationLink]),
});
export const EventDetailsChanged = t.type({
  type: t.literal('EventDetailsChanged'),
  data: t.type({ id: t.number, changes: EventChangesCodec }),
});
export const EventTrashed = t.type({
  type: t.literal('EventTrashed'),
  data: t.type({ id: t.number, previousStatus: PostStatus, slug: t.string }),
});

export const CalendarEventEvent = t.union([
  EventScheduled,
  EventDetailsChanged,
  EventTrashed,
  EventRecurrenceSet,
  EventRecurrenceRemoved,
  EventOccurrenceChanged,
  EventOccurrenceCancelled,
  EventSeriesSplit,
]);
export type CalendarEventEvent = t.TypeOf<typeof CalendarEventEvent>;

export const eventStreamId = (id: number): string => `event-${id}`;

export const isCalendarEventEvent = (event: { readonly type: string }): event is CalendarEventEvent =>
  event.type === 'EventScheduled' ||
  event.type === 'EventDetailsChanged' ||
  event.type === 'EventTrashed' ||
  isSeriesEvent(event);
