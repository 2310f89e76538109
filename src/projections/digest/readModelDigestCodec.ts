// The io-ts codec of a ReadModelDigest as JSON carries it (the digest route's body), for clients that read it back.
import * as t from 'io-ts';
import type { ReadModelDigest } from './readModelDigest.ts';

interface PositionTextBrand {
  readonly PositionText: unique symbol;
}

/** A global position in decimal; "-1" is the position before the first event. */
const PositionText = t.brand(
  t.string,
  (s): s is t.Branded<string, PositionTextBrand> => /^(-1|0|[1-9]\d*)$/.test(s),
  'PositionText',
);

const CollectionDigest = t.intersection([
  t.type({ count: t.number, digest: t.string }),
  t.partial({ documents: t.array(t.tuple([t.number, t.string])) }),
]);

export const ReadModelDigestCodec = t.type({
  position: PositionText,
  collections: t.type({
    events: CollectionDigest,
    venues: CollectionDigest,
    organizers: CollectionDigest,
    categories: CollectionDigest,
    tags: CollectionDigest,
  }),
});

/** Proves at compile time that whatever the codec accepts is a ReadModelDigest. */
export const asReadModelDigest = (decoded: t.TypeOf<typeof ReadModelDigestCodec>): ReadModelDigest => decoded;
