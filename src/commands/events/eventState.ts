// The write-side state of one calendar event, folded from its stream.
import type { CalendarEventEvent, EventFacts } from '../../events/catalogue/calendarEvents.ts';
import { eventFactOf } from '../../events/catalogue/eventFacts.ts';
import { evolvePost, type PostState } from '../posts/postState.ts';

/**
 * None yet, or its facts and the status before trashing (permissions of a trashed event follow it, docs/api.md §3.2).
 */
export type EventState = PostState<EventFacts>;

export const initialEventState: EventState = { exists: false };

export const evolveEvent = (state: EventState, event: CalendarEventEvent): EventState =>
  evolvePost(state, eventFactOf(event));
