// Response objects of the `/doc` operations, with the reference's descriptions (docs/api.md §14).

/** The collections `/doc` describes, named by their path segment. */
export type DocResource = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
/** Collection read, item read, update (every item POST/PUT/PATCH) and delete. */
export type ResponseKind = 'list' | 'read' | 'update' | 'remove';

export interface ResponseObject {
  readonly description: string;
  readonly content?: { readonly 'application/json': { readonly schema: object } };
}

type Descriptions = Readonly<Record<number, string>>;

const listErrors = {
  400: 'One or more of the specified query variables has a bad format',
  404: 'The requested page was not found.',
};
const writeErrors = {
  400: 'A required parameter is missing or an input parameter is in the wrong format',
};

/** Events, venues and organizers share wording; `article` goes before `noun`, `notFound` varies too much to derive. */
function postDescriptions(noun: string, article: string, notFound: string): Record<ResponseKind, Descriptions> {
  const listed = noun === 'event' ? 'upcoming events' : `${noun}s`;
  return {
    list: { 200: `Returns all the ${listed} matching the search criteria`, ...listErrors },
    read: {
      200: `Returns the data of the ${noun} with the specified post ID`,
      400: `The ${noun} post ID is missing.`,
      403: `The ${noun} with the specified ID is not accessible.`,
      404: notFound,
    },
    update: {
      200: `Returns the data of the updated ${noun}`,
      201: `Returns the data of the created ${noun}`,
      ...writeErrors,
      403: `The user is not authorized to create ${noun}s`,
    },
    remove: {
      200: `Deletes ${article} ${noun} and returns its data`,
      400: `The ${noun} post ID is missing or does not exist.`,
      403: `The current user cannot delete the ${noun} with the specified ID.`,
      410: `The ${noun} with the specified ID has been deleted already.`,
      500: `The ${noun} with the specified ID could not be deleted.`,
    },
  };
}

function termDescriptions(noun: string, plural: string): Record<ResponseKind, Descriptions> {
  return {
    list: { 200: `Returns all the ${plural} matching the search criteria`, ...listErrors },
    read: {
      200: `Returns the data of the ${noun} with the specified term ID`,
      400: `The ${noun} term ID is missing.`,
      404: `An ${noun} with the specified term ID does not exist.`,
    },
    update: {
      200: `Returns the data of the updated ${noun}`,
      201: `Returns the data of the created ${noun}`,
      ...writeErrors,
      403: `The user is not authorized to create ${plural}`,
    },
    remove: {
      200: `Deletes an ${noun} and returns its data`,
      400: `The ${noun} term ID is missing or does not exist.`,
      403: `The current user cannot delete the ${noun} with the specified term ID.`,
      410: `The ${noun} with the specified term ID has been deleted already.`,
      500: `The ${noun} with the specified term ID could not be deleted.`,
    },
  };
}

const organizerDescriptions = postDescriptions(
  'organizer',
  'an',
  'An organizer with the specified event does not exist.',
);
const tagDescriptions = termDescriptions('event tag', 'event tags');

const resources: Readonly<Record<DocResource, { schema: string; responses: Record<ResponseKind, Descriptions> }>> = {
  events: {
    schema: 'Event',
    responses: postDescriptions('event', 'an', 'An event with the specified ID does not exist.'),
  },
  venues: {
    schema: 'Venue',
    responses: postDescriptions('venue', 'a', 'A venue with the specified post ID does not exist.'),
  },
  organizers: {
    schema: 'Organizer',
    // The reference documents no 200 for organizer updates.
    responses: { ...organizerDescriptions, update: withoutStatus(organizerDescriptions.update, 200) },
  },
  categories: { schema: 'Term', responses: termDescriptions('event category', 'event categories') },
  tags: {
    schema: 'Term',
    responses: {
      ...tagDescriptions,
      list: { ...tagDescriptions.list, 404: 'No event tags match the query or the requested page was not found.' },
    },
  },
};

export function isDocResource(segment: string): segment is DocResource {
  return Object.hasOwn(resources, segment);
}

function withoutStatus(descriptions: Descriptions, status: number): Descriptions {
  return Object.fromEntries(Object.entries(descriptions).filter(([code]) => Number(code) !== status));
}

/** The responses of one operation; successful ones carry the schema of what they return. */
export function operationResponses(resource: DocResource, kind: ResponseKind): Record<string, ResponseObject> {
  const { schema, responses } = resources[resource];
  const ref = { $ref: `#/components/schemas/${schema}` };
  const body = kind === 'list' ? { title: resource, type: 'array', items: ref } : ref;
  return Object.fromEntries(
    Object.entries(responses[kind]).map(([code, description]) => [
      code,
      Number(code) < 300 ? { description, content: { 'application/json': { schema: body } } } : { description },
    ]),
  );
}

/** The `/doc` route describes only its own success. */
export const documentationResponses: Record<string, ResponseObject> = {
  200: { description: 'Returns the documentation for the Calendar Events REST API in Swagger consumable format.' },
};
