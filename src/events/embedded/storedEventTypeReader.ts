// Reads only the type of a stored event (the third item of its tuple, see lmdbLayout.ts), leaving its data and
// metadata undecoded: a replay passes most stored events over by their type alone. Built on the stored-event decoder's
// readers of the same msgpack subset.
import {
  outsideSubset,
  readArrayHeader,
  readPlain,
  readWithin,
  refuseEncoding,
  skipPlainNumber,
  skipPlainString,
  withinValue,
  type ValueDecoder,
} from './storedEventDecoder.ts';

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
