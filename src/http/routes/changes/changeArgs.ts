// Arguments of `GET /changes` (a service extension, kept out of the index and `/doc`): codecs and where a feed starts.
import * as t from 'io-ts';
import type { ArgSpec } from '../../params/argSpec.ts';
import { listOf } from '../../params/codecs.ts';
import { optionalArg, withLanguage } from '../catalogue/routeSpec.ts';

/** Stream categories the feed carries: the resources. Users, registries and images never leave the service this way. */
export const changeKinds = ['event', 'venue', 'organizer', 'category', 'tag'] as const;
export type ChangeKind = (typeof changeKinds)[number];

const Kind = t.keyof(
  Object.fromEntries(changeKinds.map((kind) => [kind, null])) as Record<ChangeKind, null>,
  'ChangeKind',
);

/** Positions are 64-bit unsigned; more digits than that cannot name an event of any store. */
const maxPosition = 2n ** 64n - 1n;

/** A global position as decimal digits (how the feed's `id:` lines and `position` strings write it). */
export const Position = new t.Type<bigint, string, unknown>(
  'Position',
  (u): u is bigint => typeof u === 'bigint' && u >= 0n && u <= maxPosition,
  (u, c) => {
    if (typeof u === 'number' && Number.isSafeInteger(u) && u >= 0) return t.success(BigInt(u));
    if (typeof u !== 'string' || !/^\d{1,20}$/.test(u)) return t.failure(u, c);
    const position = BigInt(u);
    return position <= maxPosition ? t.success(position) : t.failure(u, c);
  },
  (position) => position.toString(),
);

/** The `from` value that asks for everything: no one position comes before the first event on every store. */
export const fromStart = 'start';

/** `from`: the position of the last event the client has (exclusive, like `Last-Event-ID`), or `start`. */
export const FeedFrom = new t.Type<bigint | typeof fromStart, string, unknown>(
  'FeedFrom',
  (u): u is bigint | typeof fromStart => u === fromStart || Position.is(u),
  (u, c) => (u === fromStart ? t.success(fromStart) : Position.validate(u, c)),
  (from) => (from === fromStart ? from : Position.encode(from)),
);
export type FeedFrom = t.TypeOf<typeof FeedFrom>;

/** `kinds=event,venue`, `kinds[]=event&kinds[]=venue` or a JSON array; empty is refused rather than read as "none". */
export const Kinds = listOf(Kind, false, { code: 'not-in-list', allowed: changeKinds });

export const changeArgs: readonly ArgSpec[] = withLanguage(
  optionalArg('from', FeedFrom, {
    description: 'Deliver the events after this global position (exclusive, like Last-Event-ID); `start` for all',
    type: 'string',
  }),
  optionalArg('kinds', Kinds, { description: 'Resource kinds to deliver (default: all)', type: 'string' }),
);

/** The request header an EventSource resends on reconnection; named as is in validation errors. */
export const lastEventIdHeader = 'Last-Event-ID';

/** The header's value: absent (or empty, as a reset id is), a position, or invalid. */
export function decodeLastEventId(raw: string): bigint | undefined | 'invalid' {
  const value = raw.trim();
  if (value === '') return undefined;
  const decoded = Position.decode(value);
  return decoded._tag === 'Right' ? decoded.right : 'invalid';
}

/** Where the subscription starts: strictly after a position, from the very beginning, or at the head when opened. */
export type FeedStart = { readonly after: bigint | undefined } | 'head';

/**
 * Both `Last-Event-ID` and `from` name the last event the client has (exclusive, EventStoreDB's own `fromPosition`
 * convention): only positions the store handed out are subscribed after, never one computed from them, which on
 * EventStoreDB (positions are log offsets) would name no event. The header wins: an EventSource reconnects with its
 * original URL plus the header, so the header is the newer fact. `from=start`: everything. Neither: only events
 * written from now on.
 */
export function feedStart(lastEventId: bigint | undefined, from: FeedFrom | undefined): FeedStart {
  if (lastEventId !== undefined) return { after: lastEventId };
  if (from === fromStart) return { after: undefined };
  if (from !== undefined) return { after: from };
  return 'head';
}

/** The subscription's `after` for a start at the head; an empty store (head -1) starts at the beginning. */
export const afterHead = (head: bigint): bigint | undefined => (head < 0n ? undefined : head);
