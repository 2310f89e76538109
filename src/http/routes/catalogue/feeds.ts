// The calendar feed routes (docs/api.md §21.1): service additions, described by the index, OPTIONS and `/doc`.
import { eventListArgs } from './eventListArgs.ts';
import { eventReadArgs } from './events.ts';
import { withLanguage, type RouteSpec } from './routeSpec.ts';

/** Every filter of `GET /events` except paging: a feed holds every matching event. */
export const eventFeedArgs = eventListArgs.filter((arg) => arg.name !== 'page' && arg.name !== 'per_page');

export const eventsFeedPattern = '/events.ics';
export const eventFeedPattern = '/events/(?P<id>\\d+).ics';

/** Each with what OPTIONS and the index say of it (the shape of the extension routes, which list these too). */
export const feedRoutes: readonly (RouteSpec & { readonly description: string })[] = [
  {
    pattern: eventsFeedPattern,
    documented: false,
    endpoints: [
      { methods: ['GET'], args: eventFeedArgs },
      { methods: ['POST'], args: withLanguage() },
    ],
    description:
      'iCalendar (RFC 5545) feed of the events GET /events lists with the same filters, without paging, for calendar ' +
      'applications to subscribe to; up to CAL_ICAL_MAX_EVENTS events, the nearest in time (X-Cal-Truncated). ' +
      'POST a calendar file (Content-Type: text/calendar) to import its events.',
  },
  {
    pattern: eventFeedPattern,
    documented: false,
    endpoints: [{ methods: ['GET'], args: eventReadArgs }],
    description: 'iCalendar (RFC 5545) file of one event, with the same read rules as GET /events/{id}.',
  },
];
