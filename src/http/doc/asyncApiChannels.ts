// Channels and operations of the event catalogue document: the change feed, and one channel per stream family.
import { streamFamilies, type StreamFamily } from '../../events/catalogue/streams.ts';
import { changeArgs, changeKinds } from '../routes/changes/changeArgs.ts';
import { feedMessageId, storeMessageId, undecodedFeedMessageId, versionsOf } from './asyncApiMessages.ts';
import { changeFeedDescription } from './eventDeliveryGuide.ts';

type Ref = { readonly $ref: string };
const ref = (path: string): Ref => ({ $ref: path });
/** `$ref` paths are JSON pointers: `~` and `/` in keys need escaping. */
const pointerKey = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

export const changesChannelId = 'changes';
const feedFamilies = streamFamilies.filter((family) => (changeKinds as readonly string[]).includes(family.id));

/** Channel-local message keys, each a reference to the component message. */
function storeChannelMessages(family: StreamFamily): Record<string, Ref> {
  return Object.fromEntries(
    family.eventTypes
      .flatMap(versionsOf)
      .map((v) => [storeMessageId(v), ref(`#/components/messages/${pointerKey(storeMessageId(v))}`)]),
  );
}

function feedChannelMessages(): Record<string, Ref> {
  const types = feedFamilies.flatMap((family) => family.eventTypes);
  return Object.fromEntries([
    ...types.map((type) => [type, ref(`#/components/messages/${pointerKey(feedMessageId(type))}`)]),
    ['undecoded', ref(`#/components/messages/${pointerKey(undecodedFeedMessageId)}`)],
  ]);
}

function storeChannel(family: StreamFamily): object {
  return {
    address: family.address,
    title: family.address,
    description: family.description,
    ...(Object.keys(family.parameters).length > 0 ? { parameters: family.parameters } : {}),
    servers: [ref('#/servers/eventStore')],
    messages: storeChannelMessages(family),
  };
}

export function channels(): Record<string, object> {
  return {
    [changesChannelId]: {
      address: '/changes',
      title: 'Change feed',
      description: changeFeedDescription,
      servers: [ref('#/servers/changeFeed')],
      messages: feedChannelMessages(),
    },
    ...Object.fromEntries(streamFamilies.map((family) => [family.id, storeChannel(family)])),
  };
}

/** The query string of `GET /changes`, from the route's own argument declarations. */
function changeQuery(): object {
  return {
    type: 'object',
    properties: Object.fromEntries(
      changeArgs.map((arg) => [
        arg.name,
        { type: 'string', ...(arg.index.description ? { description: arg.index.description } : {}) },
      ]),
    ),
  };
}

const operationMessages = (channelId: string, keys: readonly string[]): Ref[] =>
  keys.map((key) => ref(`#/channels/${pointerKey(channelId)}/messages/${pointerKey(key)}`));

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function operations(): Record<string, object> {
  return {
    receiveChanges: {
      action: 'receive',
      title: 'Follow the change feed',
      summary: 'Receive resource events in global order, resuming after the last id received.',
      channel: ref(`#/channels/${changesChannelId}`),
      messages: operationMessages(changesChannelId, Object.keys(feedChannelMessages())),
      bindings: { http: { method: 'GET', query: changeQuery(), bindingVersion: '0.3.0' } },
    },
    ...Object.fromEntries(
      streamFamilies.map((family) => [
        `follow${capitalized(family.id)}Streams`,
        {
          action: 'receive',
          summary: `Read or subscribe to ${family.address} streams.`,
          channel: ref(`#/channels/${pointerKey(family.id)}`),
          messages: operationMessages(family.id, Object.keys(storeChannelMessages(family))),
        },
      ]),
    ),
  };
}
