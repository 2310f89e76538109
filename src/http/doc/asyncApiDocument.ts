// The `/doc/events` AsyncAPI 3.1 document: the versioned event catalogue, generated from the events' own io-ts codecs.
import { catalogue, type CatalogueType } from '../../events/catalogue/index.ts';
import { changeKinds } from '../routes/changes/changeArgs.ts';
import { streamFamilies } from '../../events/catalogue/streams.ts';
import { channels, operations } from './asyncApiChannels.ts';
import {
  feedMessage,
  feedMessageId,
  storeMessage,
  storeMessageId,
  undecodedFeedMessage,
  undecodedFeedMessageId,
  versionsOf,
} from './asyncApiMessages.ts';
import { catalogueDescription, storeDescription } from './eventDeliveryGuide.ts';

export interface AsyncApiContext {
  /** `{api_root}` of the request, language segment included, without a trailing slash. */
  readonly apiRoot: string;
}

/** Where the store of the distributed deployment usually is (docker-compose.yml); each deployment sets its own. */
const defaultStoreHost = 'eventstore:2113';

function servers(apiRoot: URL): object {
  return {
    changeFeed: {
      host: apiRoot.host,
      pathname: apiRoot.pathname,
      protocol: apiRoot.protocol.replace(/:$/, ''),
      title: 'Calendar events service',
      description: 'The REST service itself; the change feed is one of its routes.',
      security: [{ $ref: '#/components/securitySchemes/editorPassword' }],
    },
    eventStore: {
      host: '{host}',
      protocol: 'esdb',
      title: 'EventStoreDB / KurrentDB',
      description: storeDescription,
      variables: {
        host: { default: defaultStoreHost, description: 'Host and gRPC port of the store (or of one cluster node).' },
      },
      security: [{ $ref: '#/components/securitySchemes/storeUser' }],
    },
  };
}

function messages(): Record<string, object> {
  const types = Object.keys(catalogue) as CatalogueType[];
  const kindOf = new Map(
    streamFamilies.flatMap((family) => family.eventTypes.map((type) => [type, family.id] as const)),
  );
  const stored = types
    .flatMap(versionsOf)
    .map((v) => [storeMessageId(v), storeMessage(v, catalogue[v.type].version)] as const);
  const fed = types
    .filter((type) => (changeKinds as readonly string[]).includes(kindOf.get(type) ?? ''))
    .map((type) => [feedMessageId(type), feedMessage(type, kindOf.get(type) ?? '')] as const);
  return Object.fromEntries([...stored, ...fed, [undecodedFeedMessageId, undecodedFeedMessage(changeKinds)]]);
}

export function buildAsyncApi(ctx: AsyncApiContext): object {
  return {
    asyncapi: '3.1.0',
    info: {
      title: 'Calendar events: domain event catalogue',
      version: '1.0.0',
      description: catalogueDescription,
    },
    defaultContentType: 'application/json',
    servers: servers(new URL(ctx.apiRoot)),
    channels: channels(),
    operations: operations(),
    components: {
      messages: messages(),
      securitySchemes: {
        editorPassword: {
          type: 'http',
          scheme: 'basic',
          description: 'Login and application password of an editor or administrator.',
        },
        storeUser: { type: 'userPassword', description: 'A store user allowed to read the streams wanted.' },
      },
      correlationIds: {
        request: { description: 'Shared by every event of one request.', location: '$message.header#/correlationId' },
        feed: { description: 'Shared by every event of one request.', location: '$message.payload#/correlation_id' },
      },
    },
  };
}
