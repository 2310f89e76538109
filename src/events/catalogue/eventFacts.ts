// The three facts of a calendar event's life read from its events, for the one fold of posts (postFold.ts).
import type { CalendarEventEvent, EventChanges, EventFacts } from './calendarEvents.ts';
import { optionalRoot, type PostFact } from './postFold.ts';

const noChanges: EventChanges = {};

export type EventFact = PostFact<EventFacts, EventChanges>;

export function eventFactOf(event: CalendarEventEvent): EventFact {
  switch (event.type) {
    case 'EventScheduled':
      return {
        type: 'registered',
        id: event.data.id,
        facts: event.data.facts,
        ...optionalRoot(event.data.translationOf),
      };
    case 'EventDetailsChanged':
      return { type: 'changed', id: event.data.id, changes: event.data.changes };
    case 'EventTrashed':
      return { type: 'trashed', ...event.data };
    // A series event changes none of the series item's own facts (seriesEvents.ts folds the series part).
    case 'EventRecurrenceSet':
    case 'EventRecurrenceRemoved':
    case 'EventOccurrenceChanged':
    case 'EventOccurrenceCancelled':
    case 'EventSeriesSplit':
      return { type: 'changed', id: event.data.id, changes: noChanges };
  }
}
