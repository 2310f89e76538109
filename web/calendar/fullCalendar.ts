// The FullCalendar instance behind the page: month, week and list views in the page's language, every event at its
// own local date and time (as the API's dates and filters read them), keyboard-operable events.
import { Calendar, type EventInput, type EventContentArg } from '@fullcalendar/core';
import caLocale from '@fullcalendar/core/locales/ca';
import esLocale from '@fullcalendar/core/locales/es';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import { startTimeText, type WireEvent } from '../../src/web/common/eventText.ts';
import { fill, type PageLanguage, type Words } from '../../src/web/common/pageWords.ts';
import type { ViewName } from './pageAddress.ts';

export const fullCalendarViews: Record<ViewName, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  list: 'listMonth',
};

const locales = { ca: caLocale, es: esLocale, en: undefined } as const;

export interface CalendarOptions {
  readonly language: PageLanguage;
  readonly words: Words;
  readonly siteTimeZone: string;
  readonly view: ViewName;
  readonly date: string;
  /** Now as a wall-clock time in the site zone. */
  readonly now: string;
  readonly onPeriod: (calendar: Calendar) => void;
  readonly onEvent: (event: WireEvent, element: HTMLElement) => void;
}

const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Local `YYYY-MM-DD HH:MM:SS` given to a calendar in "UTC" shows exactly those digits, whatever the viewer's zone. */
export function calendarEvent(event: WireEvent): EventInput {
  const allDay = event.all_day === true;
  return {
    id: String(event.id),
    title: event.title,
    start: allDay ? event.start_date.slice(0, 10) : event.start_date.replace(' ', 'T'),
    // An all-day event's end is exclusive for the calendar: the day after its last.
    end: allDay ? nextDay(event.end_date.slice(0, 10)) : event.end_date.replace(' ', 'T'),
    allDay,
    extendedProps: { event },
  };
}

export function createCalendar(element: HTMLElement, options: CalendarOptions): Calendar {
  const { words, language } = options;
  const calendar = new Calendar(element, {
    plugins: [dayGridPlugin, timeGridPlugin, listPlugin],
    timeZone: 'UTC',
    ...(locales[language] ? { locale: locales[language] } : {}),
    initialView: fullCalendarViews[options.view],
    initialDate: options.date,
    now: options.now,
    headerToolbar: false,
    height: 'auto',
    // A number, not `true`: with the height following the content, `true` would size cells by what they hold.
    dayMaxEvents: 4,
    eventInteractive: true,
    nowIndicator: true,
    scrollTime: '08:00:00',
    moreLinkText: (count) => fill(words.moreEvents, { count }),
    noEventsText: words.noEvents,
    eventContent: (arg) => eventContent(arg, options),
    eventClick: (info) => {
      info.jsEvent.preventDefault();
      options.onEvent(info.event.extendedProps.event as WireEvent, info.el);
    },
    datesSet: () => options.onPeriod(calendar),
    // A day cell named by its date link would have a name that is not its visible content (its events); the link
    // inside it says the date already.
    dayCellDidMount: (arg) => arg.el.removeAttribute('aria-labelledby'),
  });
  return calendar;
}

/** The start time in the event's own zone, marked with the zone's abbreviation when that is not the site's. */
function eventContent(arg: EventContentArg, options: CalendarOptions) {
  const event = arg.event.extendedProps.event as WireEvent;
  const nodes: Node[] = [];
  const inList = arg.view.type.startsWith('list');
  if (!arg.event.allDay && !inList) {
    if (arg.view.type === 'dayGridMonth') nodes.push(span('fc-daygrid-event-dot', ''));
    nodes.push(span('fc-event-time', startTimeText(event.start_date, options.language)));
  }
  const title = span('fc-event-title', event.title);
  nodes.push(title);
  if (event.timezone !== options.siteTimeZone && !arg.event.allDay) nodes.push(span('event-zone', event.timezone_abbr));
  if (event.recurring_event_id !== undefined) {
    const symbol = span('event-series', '↻');
    symbol.setAttribute('aria-hidden', 'true');
    symbol.title = options.words.partOfSeries;
    nodes.push(symbol, span('visually-hidden', options.words.partOfSeries));
  }
  return { domNodes: nodes };
}

function span(className: string, text: string): HTMLSpanElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}
