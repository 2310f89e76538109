// The write-side state of one calendar event, folded from its stream.
import type { CalendarEventEvent, EventFacts } from '../../events/catalogue/calendarEvents.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';

export type EventState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly id: number;
      readonly facts: EventFacts;
      /** The status before trashing; permissions of a trashed item follow it (docs/api.md §3.2). */
      readonly statusBeforeTrash: PostStatus | null;
    };

export const initialEventState: EventState = { exists: false };

export function evolveEvent(state: EventState, event: CalendarEventEvent): EventState {
  switch (event.type) {
    case 'EventScheduled':
      return { exists: true, id: event.data.id, facts: event.data.facts, statusBeforeTrash: null };
    case 'EventDetailsChanged':
      if (!state.exists) return state;
      return {
        ...state,
        facts: { ...state.facts, ...event.data.changes },
        statusBeforeTrash: event.data.changes.status && event.data.changes.status !== 'trash' ? null : state.statusBeforeTrash,
      };
    case 'EventTrashed':
      if (!state.exists) return state;
      return {
        ...state,
        facts: { ...state.facts, status: 'trash', slug: event.data.slug },
        statusBeforeTrash: event.data.previousStatus,
      };
  }
}
