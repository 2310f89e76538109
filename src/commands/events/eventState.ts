// The write-side state of one calendar event, folded from its stream.
import type { CalendarEventEvent, EventFacts } from '../../events/catalogue/calendarEvents.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';
import { eventFactOf } from '../../events/catalogue/eventFacts.ts';
import { foldPost } from '../../events/catalogue/postFold.ts';

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

/** The state after one more event, by the fold of posts the projections share (src/events/catalogue/postFold.ts). */
export function evolveEvent(state: EventState, event: CalendarEventEvent): EventState {
  const folded = foldPost(state.exists ? state : undefined, eventFactOf(event));
  return folded ? { exists: true, ...folded } : state;
}
