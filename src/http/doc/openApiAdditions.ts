// What `/doc` adds to the reference's document so that it lists what the service really accepts: creates (with
// `translation_of`), item passwords, `as_of`, history and the change feed. Each addition carries
// `x-service-addition: true` and says so in its description, so clients can tell them from the reference's parts.
import type { ArgSpec } from '../params/argSpec.ts';
import {
  docArgs,
  eventReadArgs,
  routeCatalogue,
  withLanguage,
  idPathArg,
  pageArg,
  perPageArg,
} from '../routes/catalogue/index.ts';
import { changeArgs } from '../routes/changes/changeArgs.ts';
import { eventFeedArgs } from '../routes/catalogue/feeds.ts';
import { isDocResource } from './responses.ts';

type Json = Record<string, unknown>;

/** How the reference's parts are written, handed in by the document builder. */
export interface ParameterWriters {
  parameter(arg: ArgSpec, where: 'path' | 'query'): object;
  bodyProperty(arg: ArgSpec): object;
}

const ADDITION = 'Service addition (beyond the reference implementation).';
const marked = (object: object, description: string): Json => ({
  ...object,
  description: `${ADDITION} ${description}`,
  'x-service-addition': true,
});

const asOf = {
  name: 'as_of',
  in: 'query',
  required: false,
  schema: { type: 'string' },
  description: `${ADDITION} The item as it was at that point: an event store position (digits) or a date and time.`,
  'x-service-addition': true,
};

const translationOf = marked(
  { type: 'integer' },
  'Create only: the ID of an item of the same kind in another language, whose translation group the new item joins.',
);
const recurrence = marked(
  { type: 'array', items: { type: 'string' } },
  'RFC 5545 RRULE, RDATE and EXDATE lines making the event a recurring series (docs/api.md §20.1): occurrences ' +
    'are planned up to CAL_RECURRENCE_HORIZON_MONTHS ahead, each an event of its own; a string holds one line; ' +
    '[] or null on an update ends the series. A bad rule is refused with 400 naming recurrence and a reason.',
);
const recurrenceScope = marked(
  { type: 'string', enum: ['this', 'following'] },
  'On a write to an occurrence of a series (docs/api.md §20.3): this (the default) makes the occurrence an ' +
    'exception; following splits the series, which ends before the occurrence while a new series starts at it ' +
    'with the written fields.',
);
const itemPassword = marked({ type: 'string' }, 'Sets the item password ("" removes it); locked items are blanked.');

const responses = (description: string): Json => ({ 200: { description } });

/** Adds the service's additions to `paths` (which it changes), after the reference's own entries. */
export function addServiceAdditions(paths: Record<string, Json>, write: ParameterWriters): void {
  extendReferencePaths(paths, write);
  addHistoryPaths(paths, write);
  addChangeFeedPath(paths, write);
  addCalendarPaths(paths, write);
  paths['/doc/events'] = {
    get: {
      ...marked({}, 'The AsyncAPI document of the domain events and the change feed.'),
      parameters: docArgs.map((arg) => write.parameter(arg, 'query')),
      responses: responses('The AsyncAPI document.'),
    },
  };
}

/** On the reference's own entries: creates on collections, `as_of` on item reads, venue and organizer passwords. */
function extendReferencePaths(paths: Record<string, Json>, write: ParameterWriters): void {
  for (const [path, item] of Object.entries(paths)) {
    const resource = path.split('/')[1] ?? '';
    if (!isDocResource(resource)) continue;
    if (path === `/${resource}`) item.post = createOperation(resource, write);
    else {
      const get = item.get as { parameters: unknown[] };
      get.parameters.splice(get.parameters.length - 1, 0, asOf); // before i18n_language, which stays last
      if ((resource === 'venues' || resource === 'organizers') && !path.includes('by-slug'))
        addBodyField(item, 'password', itemPassword);
      if (resource === 'events' && item.post !== undefined) {
        addBodyField(item, 'recurrence', recurrence);
        addBodyField(item, 'recurrence_scope', recurrenceScope);
      }
    }
  }
}

function addHistoryPaths(paths: Record<string, Json>, write: ParameterWriters): void {
  for (const resource of ['events', 'venues', 'organizers', 'categories', 'tags']) {
    const args = withLanguage(idPathArg('The item ID'), pageArg, perPageArg('history entries'));
    paths[`/${resource}/{id}/history`] = {
      get: {
        ...marked(
          {},
          'Every change of the item, newest first, with who made it and what changed (needs the right to edit it).',
        ),
        parameters: args.map((arg) => write.parameter(arg, arg.source === 'path' ? 'path' : 'query')),
        responses: responses('The history entries, with X-Cal-Total, X-Cal-TotalPages and Link headers.'),
      },
    };
  }
}

function addChangeFeedPath(paths: Record<string, Json>, write: ParameterWriters): void {
  paths['/changes'] = {
    get: {
      ...marked(
        {},
        'A server-sent event stream of every change, resumable with Last-Event-ID or `from`; see /doc/events.',
      ),
      parameters: changeArgs.map((arg) => write.parameter(arg, 'query')),
      responses: responses('A text/event-stream of change messages.'),
    },
  };
}

const calendar = (description: string): Json => ({
  200: { description, content: { 'text/calendar': { schema: { type: 'string' } } } },
  304: { description: 'Not modified (If-None-Match or If-Modified-Since still match).' },
});

function addCalendarPaths(paths: Record<string, Json>, write: ParameterWriters): void {
  paths['/events.ics'] = {
    get: {
      ...marked(
        {},
        'An iCalendar (RFC 5545) feed of the events GET /events lists with the same filters, ' +
          'without paging, up to CAL_ICAL_MAX_EVENTS (the nearest in time; X-Cal-Truncated: true when ' +
          'more match).',
      ),
      parameters: eventFeedArgs.map((arg) => write.parameter(arg, 'query')),
      responses: calendar('The calendar, with ETag and Last-Modified.'),
    },
  };
  paths['/events/{id}.ics'] = {
    get: {
      ...marked({}, 'An iCalendar (RFC 5545) file of one event; 404 for an event the caller may not read.'),
      parameters: eventReadArgs.map((arg) => write.parameter(arg, arg.source === 'path' ? 'path' : 'query')),
      responses: calendar('The calendar of the event, with ETag and Last-Modified.'),
    },
  };
}

/** POST on a collection: the reference documents no create; the service's is the catalogue's, plus `translation_of`. */
function createOperation(resource: string, write: ParameterWriters): Json {
  const route = routeCatalogue.find((candidate) => candidate.pattern === `/${resource}`);
  const args = route?.endpoints.find((endpoint) => endpoint.methods.includes('POST'))?.args ?? [];
  const fields = args.filter((arg) => arg.name !== 'i18n_language');
  const properties = {
    ...Object.fromEntries(fields.map((arg) => [arg.name, write.bodyProperty(arg)])),
    translation_of: translationOf,
    ...(resource === 'events' ? { recurrence } : {}),
  };
  const required = fields.filter((arg) => arg.required).map((arg) => arg.name);
  return {
    ...marked({}, `Creates an item (201 with it; 400 naming invalid parameters with a reason for each).`),
    parameters: args.filter((arg) => arg.name === 'i18n_language').map((arg) => write.parameter(arg, 'query')),
    requestBody: {
      content: {
        'application/json': { schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } },
      },
    },
    responses: { 201: { description: 'The created item.' } },
  };
}

function addBodyField(item: Json, name: string, schema: Json): void {
  const body = (item.post as { requestBody: { content: Record<string, { schema: { properties: Json } }> } })
    .requestBody;
  for (const media of Object.values(body.content)) media.schema.properties[name] = schema;
}
