// The msgpack subset that lmdb's msgpackr writes for the store's stored events (why: storedEventDecoder.ts), read
// with one cursor shared by the readers of this module: whole values (`decodeSubset`) and the pieces that
// storedEventTypeReader.ts skips or reads to find an event's type. Outside the subset, truncated or malformed bytes
// give `outsideSubset`.
import {
  builderOf,
  hashOfBytes,
  RecordShapeTable,
  startsWith,
  type KnownShape,
  type RecordShape,
} from './recordShapes.ts';

/** A value outside the subset this decoder reads: the generic decoder reads it instead. */
export class OutsideSubset extends Error {}
export const outsideSubset = new OutsideSubset('outside the decoded msgpack subset');

/**
 * Node's own string readers, without the argument handling of `toString` (a third of the decoding time); lmdb reads
 * its strings with them too. Absent elsewhere (not Node), `toString` is used.
 */
interface NodeStringSlices {
  utf8Slice?(this: Buffer, start: number, end: number): string;
  latin1Slice?(this: Buffer, start: number, end: number): string;
}
const { utf8Slice, latin1Slice } = Buffer.prototype as NodeStringSlices;
const utf8Of = (start: number, stop: number): string =>
  utf8Slice ? utf8Slice.call(src, start, stop) : src.toString('utf8', start, stop);
const latin1Of = (start: number, stop: number): string =>
  latin1Slice ? latin1Slice.call(src, start, stop) : src.toString('latin1', start, stop);

let src: Buffer = Buffer.alloc(0);
let position = 0;
let end = 0;
/** Record definitions by id (msgpackr numbers them 0x40–0x7f); one counts for the value it was defined in only. */
const definitions: (RecordShape | undefined)[] = new Array<RecordShape | undefined>(64).fill(undefined);
/**
 * The value each id was last defined in, by `valuesRead`: a definition of an earlier value reads as undefined without
 * clearing the 64 ids for each value (a tenth of a microsecond per stored event).
 */
const definedIn = new Float64Array(64).fill(-1);
/** Values begun so far: the current value's number. */
let valuesRead = 0;

/** Up to 4,096 shapes: enough for every shape a catalogue writes. */
const knownShapes = new RecordShapeTable(4096);
/**
 * The shape last defined under each record id, across values: stored events of one type define the same records
 * under the same ids, so most definitions are the bytes of the last one there, compared in one pass (a definition is
 * one msgpack value, so bytes that begin with a whole earlier one are that one) without a walk or a hash.
 */
const lastShapeById: (KnownShape | undefined)[] = new Array(64);

/** The decoded value, or `outsideSubset`; truncated or malformed bytes also give `outsideSubset`. */
export function decodeSubset(bytes: Uint8Array, size: number): unknown {
  return readWithin(bytes, size, () => {
    valuesRead++;
    const value = read();
    return position === end ? value : outsideSubset;
  });
}

/**
 * Runs `reader` over the first `size` bytes of `bytes` as the value being read (the readers of this module share one
 * cursor); `outsideSubset` when it finds the value outside the subset, truncated or malformed.
 */
export function readWithin<T>(bytes: Uint8Array, size: number, reader: () => T): T | OutsideSubset {
  src = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  position = 0;
  end = Math.min(size, src.length);
  try {
    return reader();
  } catch (error) {
    if (error === outsideSubset || error instanceof RangeError) return outsideSubset;
    throw error;
  }
}

/** Whether the reading so far stayed within the value's bytes. */
export const withinValue = (): boolean => position <= end;

function read(): unknown {
  if (position >= end) throw outsideSubset;
  const token = src[position++] as number;
  if (token < 0x40) return token;
  if (token < 0x80) return readRecord(token & 0x3f);
  if (token < 0x90) throw outsideSubset; // maps: msgpackr writes plain objects as records
  if (token < 0xa0) return readArray(token - 0x90);
  if (token < 0xc0) return readString(token - 0xa0);
  if (token >= 0xe0) return token - 0x100;
  switch (token) {
    case 0xc0:
      return null;
    case 0xc2:
      return false;
    case 0xc3:
      return true;
    case 0xcb:
      return advance(8, src.readDoubleBE(position));
    case 0xcc:
      return advance(1, src.readUInt8(position));
    case 0xcd:
      return advance(2, src.readUInt16BE(position));
    case 0xce:
      return advance(4, src.readUInt32BE(position));
    case 0xd0:
      return advance(1, src.readInt8(position));
    case 0xd1:
      return advance(2, src.readInt16BE(position));
    case 0xd2:
      return advance(4, src.readInt32BE(position));
    case 0xd4:
      return readFixExt1();
    case 0xd9:
      return readString(advance(1, src.readUInt8(position)));
    case 0xda:
      return readString(advance(2, src.readUInt16BE(position)));
    case 0xdb:
      return readString(advance(4, src.readUInt32BE(position)));
    case 0xdc:
      return readArray(advance(2, src.readUInt16BE(position)));
    case 0xdd:
      return readArray(advance(4, src.readUInt32BE(position)));
    default:
      // float 32 (msgpackr rounds it), 64-bit integers (bigints), binary, other extensions: the generic reader's.
      throw outsideSubset;
  }
}

/** Moves past a fixed-size field just read; its bounds were checked by the Buffer read. */
function advance<T>(bytes: number, value: T): T {
  position += bytes;
  return value;
}

/** msgpackr's record definition (type 0x72) and `undefined` (type 0, as msgpackr writes it). */
function readFixExt1(): unknown {
  const type = src.readUInt8(position);
  const data = src.readUInt8(position + 1);
  position += 2;
  if (type === 0x72) return defineRecord(data & 0x3f);
  if (type === 0x00) return undefined;
  throw outsideSubset;
}

/**
 * Short ASCII strings read lately, by a hash of their bytes: the same language, status, zone, author and date-times
 * recur from event to event, and a read model holding one string for each saves tens of bytes per document.
 */
const recentStrings: (string | undefined)[] = new Array(4096);
const maxRecentLength = 24;

function readString(length: number): string {
  const start = position;
  position += length;
  if (position > end) throw outsideSubset;
  if (length > maxRecentLength) return utf8Of(start, position);
  let hash = length;
  for (let i = start; i < position; i++) {
    const byte = src[i] as number;
    if (byte >= 0x80) return utf8Of(start, position);
    hash = (Math.imul(hash, 31) + byte) | 0;
  }
  const slot = hash & (recentStrings.length - 1);
  const recent = recentStrings[slot];
  if (recent !== undefined && recent.length === length && sameAscii(recent, start)) return recent;
  const string = latin1Of(start, position);
  recentStrings[slot] = string;
  return string;
}

function sameAscii(string: string, start: number): boolean {
  for (let i = 0; i < string.length; i++) if (string.charCodeAt(i) !== src[start + i]) return false;
  return true;
}

function readArray(length: number): unknown[] {
  if (length > end - position) throw outsideSubset;
  const array = new Array<unknown>(length);
  for (let i = 0; i < length; i++) array[i] = read();
  return array;
}

function defineRecord(id: number): Record<string, unknown> {
  const last = lastShapeById[id];
  let shape: RecordShape;
  if (last !== undefined && startsWith(src, position, end, last.bytes)) {
    position += last.bytes.length;
    shape = last.shape;
  } else {
    const known = readShape();
    lastShapeById[id] = known;
    shape = known.shape;
  }
  definitions[id] = shape;
  definedIn[id] = valuesRead;
  return shape.build();
}

function readRecord(id: number): Record<string, unknown> {
  const shape = definitions[id];
  // msgpackr would read an undefined record id as a number, or from structures it keeps: its call.
  if (shape === undefined || definedIn[id] !== valuesRead) throw outsideSubset;
  return shape.build();
}

/** The array of key strings that follows a record definition. */
function readShape(): KnownShape {
  const start = position;
  const count = readArrayHeader();
  for (let i = 0; i < count; i++) skipString();
  if (position > end) throw outsideSubset;
  const afterKeys = position;
  const hash = hashOfBytes(src, start, afterKeys);
  const known = knownShapes.find(src, start, afterKeys, hash);
  if (known !== undefined) return known;
  position = start;
  readArrayHeader();
  const keys = new Array<string>(count);
  // msgpackr renames this key rather than setting the object's prototype.
  for (let i = 0; i < count; i++) {
    const key = read() as string;
    keys[i] = key === '__proto__' ? '__proto_' : key;
  }
  position = afterKeys;
  return knownShapes.add(src, start, afterKeys, hash, { keys, build: builderOf(keys, read) });
}

export function readArrayHeader(): number {
  const token = src.readUInt8(position++);
  if (token >= 0x90 && token < 0xa0) return token - 0x90;
  if (token === 0xdc) return advance(2, src.readUInt16BE(position));
  throw outsideSubset;
}

function skipString(): void {
  const token = src.readUInt8(position++);
  if (token >= 0xa0 && token < 0xc0) position += token - 0xa0;
  else if (token === 0xd9) position += 1 + src.readUInt8(position);
  else throw outsideSubset;
}

/** Moves past a string as `read` reads one (any msgpack string form); false, not moved, for anything else. */
export function skipPlainString(): boolean {
  if (position >= end) throw outsideSubset;
  const token = src[position] as number;
  let length: number;
  if (token >= 0xa0 && token < 0xc0) length = advance(1, token - 0xa0);
  else if (token === 0xd9) length = advance(2, src.readUInt8(position + 1));
  else if (token === 0xda) length = advance(3, src.readUInt16BE(position + 1));
  else if (token === 0xdb) length = advance(5, src.readUInt32BE(position + 1));
  else return false;
  position += length;
  if (position > end) throw outsideSubset;
  return true;
}

/** Moves past a number `read` reads as a number (not a 64-bit integer); false, not moved, for anything else. */
export function skipPlainNumber(): boolean {
  if (position >= end) throw outsideSubset;
  const token = src[position] as number;
  // 0x40–0x7f are record references here, not positive fixints.
  const size = token < 0x40 || token >= 0xe0 ? 1 : (numberSizes[token] ?? 0);
  if (size === 0) return false;
  position += size;
  if (position > end) throw outsideSubset;
  return true;
}

/** Bytes of a msgpack number that `read` reads as a number, its token included, by token. */
const numberSizes: Readonly<Record<number, number>> = {
  0xcb: 9,
  0xcc: 2,
  0xcd: 3,
  0xce: 5,
  0xd0: 2,
  0xd1: 3,
  0xd2: 5,
};

/** A value that cannot be a record nor an array: those would need the definitions of the whole value. */
export function readPlain(): unknown {
  const token = src[position];
  if (token === undefined || (token >= 0x40 && token < 0xa0) || token === 0xd4 || token === 0xdc || token === 0xdd)
    throw outsideSubset;
  return read();
}
