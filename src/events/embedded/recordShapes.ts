// The records of msgpackr's format (a key list defined once per value, then objects of those keys) as the stored-event
// decoder builds them, and the table that finds the shape of a definition already seen by its bytes.

/** The keys of a record and a builder of its objects, shared by every definition written with the same bytes. */
export interface RecordShape {
  readonly keys: readonly string[];
  readonly build: () => Record<string, unknown>;
}

/**
 * A function that reads one object of these keys as an object literal, as msgpackr's own reader does for shapes it
 * sees often: objects then get their final hidden class at once instead of growing one property at a time. The keys
 * enter the source as JSON string literals, so no key can be anything but a property name.
 */
export function builderOf(keys: readonly string[], read: () => unknown): () => Record<string, unknown> {
  const properties = keys.map((key) => `${JSON.stringify(key)}: read()`).join(', ');
  return new Function('read', `return function build() { return { ${properties} }; };`)(read) as () => Record<
    string,
    unknown
  >;
}

/** A shape with the bytes of its definition. */
export interface KnownShape {
  readonly bytes: Uint8Array;
  readonly shape: RecordShape;
}

/**
 * Shapes by the bytes of their definitions. Every stored event defines its records again (msgpackr writes them inline
 * per value), so a replay looks a shape up several times per event: by a hash of the bytes where they lie, then a
 * comparison, rather than by a string made of them (a fifth of a replay's garbage once was those strings).
 */
export class RecordShapeTable {
  private readonly byHash = new Map<number, KnownShape[]>();
  private size = 0;

  /** `limit`: shapes kept at most; a store of arbitrary shapes still decodes, with fewer shared shapes. */
  constructor(private readonly limit: number) {}

  /** The shape defined by `bytes[start..stop)`, if seen; `hash` is `hashOfBytes` of the same range. */
  find(bytes: Uint8Array, start: number, stop: number, hash: number): KnownShape | undefined {
    const candidates = this.byHash.get(hash);
    if (candidates === undefined) return undefined;
    for (const known of candidates) if (sameBytes(known.bytes, bytes, start, stop)) return known;
    return undefined;
  }

  /** Keeps `shape` for the definition `bytes[start..stop)` (a copy: the source is lmdb's reused buffer). */
  add(bytes: Uint8Array, start: number, stop: number, hash: number, shape: RecordShape): KnownShape {
    const known = { bytes: Uint8Array.prototype.slice.call(bytes, start, stop), shape };
    if (this.size >= this.limit) return known;
    this.size++;
    const candidates = this.byHash.get(hash);
    if (candidates === undefined) this.byHash.set(hash, [known]);
    else candidates.push(known);
    return known;
  }
}

/** Bytes hashed at each end of a longer range: enough to tell definitions apart, the full comparison decides. */
const hashedEnds = 24;

/**
 * A hash of `bytes[start..stop)` (FNV-1a over its length and at most its first and last `hashedEnds` bytes, 31 bits so
 * that it stays a small integer): an event's data record defines ~30 keys in ~300 bytes, and a hash only picks the
 * candidates that `find` then compares whole.
 */
export function hashOfBytes(bytes: Uint8Array, start: number, stop: number): number {
  let hash = Math.imul(0x811c9dc5 ^ (stop - start), 0x01000193);
  const head = Math.min(stop, start + hashedEnds);
  for (let i = start; i < head; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  for (let i = Math.max(head, stop - hashedEnds); i < stop; i++)
    hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return hash & 0x7fffffff;
}

function sameBytes(known: Uint8Array, bytes: Uint8Array, start: number, stop: number): boolean {
  return known.length === stop - start && startsWith(bytes, start, stop, known);
}

/** Below this many bytes a loop compares faster than a call into Node's native comparison. */
const nativeFrom = 16;
const { compare } = Buffer.prototype;

/**
 * Whether `bytes[start..stop)` begins with all of `known`. Every stored event defines its records again, ~400 bytes
 * of keys compared per event: a loop of byte reads took ~1 µs for the ~300 of a data record, a native comparison a
 * fifth of that.
 */
export function startsWith(bytes: Uint8Array, start: number, stop: number, known: Uint8Array): boolean {
  const length = known.length;
  if (length > stop - start) return false;
  if (length >= nativeFrom) return compare.call(bytes, known, 0, length, start, start + length) === 0;
  for (let i = 0; i < length; i++) if (known[i] !== bytes[start + i]) return false;
  return true;
}
