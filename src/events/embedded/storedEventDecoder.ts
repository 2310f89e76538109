// Decodes the stored events of the lmdb store faster than the generic msgpack decoder, and without pinning memory: for
// the msgpack subset that lmdb's msgpackr writes for them; anything else is handed to the generic decoder.
//
// Replays decode every stored event, so decoding bounds them. msgpackr (as lmdb configures it) writes each value
// with its own inline record definitions, which its reader turns into new object readers value after value, and it
// extracts the strings of larger values as slices of one string per value: a document that keeps a title then keeps
// all of that event's text alive, metadata included. Here record definitions with the same bytes share one key list
// and one object builder, and every string is a string of its own. Strings are read as Node reads UTF-8, as msgpackr's
// native string extractor (msgpackr-extract, pinned in package.json) does; without it, msgpackr's JavaScript reader
// would read the bytes it writes for a lone surrogate as that surrogate rather than as replacement characters.
// The reading itself is msgpackSubset.ts.
import { decodeSubset, outsideSubset } from './msgpackSubset.ts';

/** What lmdb calls to decode a value read from the database: `end` (a number) or read options. */
export interface ValueDecoder {
  decode(bytes: Uint8Array, endOrOptions?: unknown): unknown;
}

/** The stored-event decoder, and how it read the value it decoded last. */
export interface StoredEventDecoder extends ValueDecoder {
  encode(): never;
  /**
   * Whether the last value decoded was read whole within the subset lmdb's msgpackr writes for the store's own events
   * (false: handed to the generic decoder, as malformed bytes and values written some other way are).
   */
  readonly lastWithinSubset: boolean;
}

/** The fast decoder, falling back to `generic` (lmdb's own decoder of the same database) outside its subset. */
export function storedEventDecoder(generic: ValueDecoder): StoredEventDecoder {
  const decoder = {
    lastWithinSubset: false,
    decode(bytes: Uint8Array, endOrOptions?: unknown): unknown {
      const size = typeof endOrOptions === 'number' ? endOrOptions : bytes.length;
      const value = decodeSubset(bytes, size);
      decoder.lastWithinSubset = value !== outsideSubset;
      return value === outsideSubset ? generic.decode(bytes, endOrOptions) : value;
    },
    encode: refuseEncoding,
  };
  return decoder;
}

/** The reading views of the store decode only. */
export function refuseEncoding(): never {
  throw new Error('stored events are written through the store, not through its reading view');
}
