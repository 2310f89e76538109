// The write-side state of one calendar event, folded from its stream.
import type { CalendarEventEvent, EventFacts } from '../../events/catalogue/calendarEvents.ts';
import { eventFactOf } from '../../events/catalogue/eventFacts.ts';
import { foldSeries, isSeriesEvent, type SeriesFacts } from '../../events/catalogue/seriesEvents.ts';
import { evolvePost, type PostState } from '../posts/postState.ts';

/**
 * None yet, or its facts and the status before trashing (permissions of a trashed event follow it, docs/api.md §3.2),
 * and, on a series item's stream, the series (docs/api.md §20).
 */
export type EventState = PostState<EventFacts> & { readonly series?: SeriesFacts };

export const initialEventState: EventState = { exists: false };

export function evolveEvent(state: EventState, event: CalendarEventEvent): EventState {
  const post = evolvePost(state, eventFactOf(event));
  const series = isSeriesEvent(event) ? foldSeries(state.series, event) : state.series;
  return series ? { ...post, series } : post;
}
