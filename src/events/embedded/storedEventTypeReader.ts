// Reads only the type of a stored event (the third item of its tuple, see lmdbLayout.ts), leaving its data and
// metadata undecoded: a replay passes most stored events over by their type alone. Built on the stored-event decoder's
// readers of the same msgpack subset.
import {
  outsideSubset,
  readArrayHeader,
  readPlain,
  readWithin,
  skipPlainNumber,
  skipPlainString,
  withinValue,
} from './msgpackSubset.ts';
import { refuseEncoding, type StoredEventDecoder, type ValueDecoder } from './storedEventDecoder.ts';

/** The type reader; a value of another shape is decoded whole by `generic` and its third item taken. */
export function storedEventTypeReader(generic: ValueDecoder): ValueDecoder & { encode(): never } {
  return {
    decode(bytes, endOrOptions) {
      const size = typeof endOrOptions === 'number' ? endOrOptions : bytes.length;
      const type = readWithin(bytes, size, typeOfStoredTuple);
      if (type !== outsideSubset) return type;
      const whole = generic.decode(bytes, endOrOptions);
      return Array.isArray(whole) ? whole[2] : undefined;
    },
    encode: refuseEncoding,
  };
}

/** `storedEventSelector`'s decoder, with the types it decodes whole. */
export interface StoredEventSelector extends ValueDecoder {
  encode(): never;
  /**
   * Set by the reader around one synchronous range read, and only then: events of these types are decoded whole, the
   * others give their type alone. Undefined: every event whole.
   */
  wanted: ReadonlySet<string> | undefined;
  /** The decoder of whole events, which tells how it read the last one. */
  readonly whole: StoredEventDecoder;
}

/**
 * Decodes a stored event whole (with `whole`, the stored-event decoder) only when its type is wanted, else gives its
 * type alone (a string where a whole event is a tuple): one range read in store order then both passes events over and
 * decodes the others, without a second lookup of each wanted event by its position. A value outside the type reader's
 * subset is decoded whole whatever its type; the reader tells it by its shape.
 */
export function storedEventSelector(whole: StoredEventDecoder): StoredEventSelector {
  const selector: StoredEventSelector = {
    wanted: undefined,
    whole,
    decode(bytes, endOrOptions) {
      const wanted = selector.wanted;
      if (wanted !== undefined) {
        const size = typeof endOrOptions === 'number' ? endOrOptions : bytes.length;
        const type = readWithin(bytes, size, typeOfStoredTuple);
        if (typeof type === 'string' && !wanted.has(type)) return type;
      }
      return whole.decode(bytes, endOrOptions);
    },
    encode: refuseEncoding,
  };
  return selector;
}

/**
 * A five-item array whose stream id and revision are a plain string and number (no record definitions yet), passed
 * over without making them: every stored event of a replay passes here, most with a stream of its own.
 */
function typeOfStoredTuple(): unknown {
  if (readArrayHeader() !== 5) return outsideSubset;
  if (!skipPlainString() || !skipPlainNumber()) return outsideSubset;
  const type = readPlain();
  return typeof type === 'string' && withinValue() ? type : outsideSubset;
}
