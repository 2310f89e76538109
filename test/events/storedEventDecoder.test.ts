// Specification of the stored-event decoder: it reads whatever lmdb's own decoder reads, identically, and hands what
// lies outside its msgpack subset (or is malformed) to that decoder; its type reader reads the third item of a stored
// event's tuple as lmdb's decoder would.
import { expect } from 'chai';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open, type RootDatabase } from 'lmdb';
import { storedEventDecoder, type ValueDecoder } from '../../src/events/embedded/storedEventDecoder.ts';
import { storedEventSelector, storedEventTypeReader } from '../../src/events/embedded/storedEventTypeReader.ts';
import { exampleData } from '../../src/events/catalogue/examples.ts';

interface Codec extends ValueDecoder {
  encode(value: unknown): Uint8Array;
}

describe('stored-event decoder', () => {
  let dir: string;
  let root: RootDatabase;
  /** lmdb's msgpack codec of the events database, configured as the store opens it. */
  let lmdbCodec: Codec;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cal-decoder-'));
    root = open(join(dir, 'events'), {});
    lmdbCodec = (root.openDB('events', {}) as unknown as { encoder: Codec }).encoder;
  });
  afterEach(async () => {
    await root.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The decoder, counting what it hands to lmdb's. */
  function decoderCountingFallbacks() {
    const counted = { fallbacks: 0 };
    const decoder = storedEventDecoder({ decode: (bytes, end) => (counted.fallbacks++, lmdbCodec.decode(bytes, end)) });
    return { decoder, counted };
  }

  const metadata = {
    actor: '1',
    occurredAt: '2026-11-22T10:00:00.000Z',
    correlationId: 'c',
    causationId: 'd',
    schemaVersion: 1,
  };
  /** What the catalogue stores: JSON values, with `undefined` for optional fields that were set to nothing. */
  const storable = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }),
      fc.double(),
      fc.maxSafeInteger(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.array(tie('value'), { maxLength: 5 }),
      fc.dictionary(fc.string({ unit: 'binary', maxLength: 12 }), tie('value'), { maxKeys: 6 }),
    ),
  })).value;
  const storedEvent = fc.tuple(fc.string({ minLength: 1 }), fc.nat(), fc.string(), storable, fc.constant(metadata));

  it('decodes what lmdb writes exactly as lmdb decodes it, without falling back, for JSON-like values', () => {
    const { decoder, counted } = decoderCountingFallbacks();
    fc.assert(
      fc.property(storedEvent, (stored) => {
        const bytes = lmdbCodec.encode(stored);
        expect(decoder.decode(bytes, bytes.length)).to.deep.equal(lmdbCodec.decode(bytes, bytes.length));
      }),
      { numRuns: 2000 },
    );
    expect(counted.fallbacks).to.equal(0);
  });

  it(
    'decodes every example of the catalogue, in one value after another (record shapes are ' + 'shared across values)',
    () => {
      const { decoder, counted } = decoderCountingFallbacks();
      for (let round = 0; round < 2; round++) {
        for (const [type, data] of Object.entries(exampleData)) {
          const bytes = lmdbCodec.encode([`stream-${type}`, round, type, data, metadata]);
          expect(decoder.decode(bytes, bytes.length)).to.deep.equal([`stream-${type}`, round, type, data, metadata]);
        }
      }
      expect(counted.fallbacks).to.equal(0);
    },
  );

  it('reads the type of any stored tuple as lmdb does, falling back only where its stream or revision is odd', () => {
    let fallbacks = 0;
    const reader = storedEventTypeReader({ decode: (bytes, end) => (fallbacks++, lmdbCodec.decode(bytes, end)) });
    const streamId = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 256, maxLength: 300 }));
    const revision = fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }), fc.double({ noNaN: true }));
    fc.assert(
      fc.property(streamId, revision, fc.string({ maxLength: 40 }), storable, (stream, at, type, data) => {
        const bytes = lmdbCodec.encode([stream, at, type, data, metadata]);
        expect(reader.decode(bytes, bytes.length)).to.equal(type);
      }),
      { numRuns: 1000 },
    );
    expect(fallbacks).to.equal(0);
    const odd = [
      [1, 0, 'T'],
      ['s', 'zero', 'T'],
      ['s', 2n ** 40n, 'T'],
      ['s', { revision: 1 }, 'T'],
      ['s', 0],
    ];
    for (const tuple of odd) {
      const bytes = lmdbCodec.encode([...tuple, {}, metadata].slice(0, 5));
      const whole = lmdbCodec.decode(bytes, bytes.length) as unknown[];
      expect(reader.decode(bytes, bytes.length)).to.deep.equal(whole[2]);
    }
    expect(fallbacks).to.equal(odd.length);
    // A revision written as a record reference (0x40): lmdb reads it from structures it may keep, so lmdb decides.
    const recordReference = Buffer.from([0x95, 0xa1, 0x73, 0x40, 0xa1, 0x54, 0x80, 0x80]);
    let generic: unknown;
    try {
      generic = (lmdbCodec.decode(recordReference, recordReference.length) as unknown[])[2];
    } catch (error) {
      generic = error;
    }
    if (generic instanceof Error) expect(() => reader.decode(recordReference, recordReference.length)).to.throw();
    else expect(reader.decode(recordReference, recordReference.length)).to.deep.equal(generic);
    expect(fallbacks).to.equal(odd.length + 1);
  });

  it('selects: wanted types decoded whole as the decoder reads them, other types given alone, odd tuples whole', () => {
    const { decoder: whole, counted } = decoderCountingFallbacks();
    const selector = storedEventSelector(whole);
    const types = ['EventScheduled', 'SlugReserved', 'VenueRegistered'];
    selector.wanted = new Set(['EventScheduled', 'VenueRegistered']);
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.constantFrom(...types), storable, (stream, type, data) => {
        const bytes = lmdbCodec.encode([stream, 3, type, data, metadata]);
        const selected = selector.decode(bytes, bytes.length);
        if (type === 'SlugReserved') expect(selected).to.equal(type);
        else expect(selected).to.deep.equal(lmdbCodec.decode(bytes, bytes.length));
      }),
      { numRuns: 500 },
    );
    expect(counted.fallbacks).to.equal(0);
    // A revision the type reader cannot pass over: the value comes whole, and its reader tells its type from it.
    const odd = lmdbCodec.encode(['s', 2n ** 40n, 'SlugReserved', {}, metadata]);
    expect(selector.decode(odd, odd.length)).to.deep.equal(lmdbCodec.decode(odd, odd.length));
    selector.wanted = undefined;
    const unselected = lmdbCodec.encode(['s', 1, 'SlugReserved', { slug: 'a' }, metadata]);
    expect(selector.decode(unselected, unselected.length)).to.deep.equal([
      's',
      1,
      'SlugReserved',
      { slug: 'a' },
      metadata,
    ]);
  });

  it('hands values outside its subset to lmdb decoder, which reads them as before', () => {
    const { decoder, counted } = decoderCountingFallbacks();
    const outside = [2n ** 40n, new Map([['a', 1]]), new Date(0), new Uint8Array([1, 2, 3])];
    for (const value of outside) {
      const bytes = lmdbCodec.encode(['event-1', 0, 'T', { value }, metadata]);
      expect(decoder.decode(bytes, bytes.length)).to.deep.equal(lmdbCodec.decode(bytes, bytes.length));
    }
    expect(counted.fallbacks).to.equal(outside.length);
  });

  it('never reads past the value: truncated bytes get what lmdb decoder makes of them', () => {
    const { decoder } = decoderCountingFallbacks();
    const bytes = lmdbCodec.encode(['event-1', 0, 'EventScheduled', exampleData.EventScheduled, metadata]);
    for (let size = 0; size < bytes.length; size++) {
      let expected: unknown;
      try {
        expected = lmdbCodec.decode(bytes.subarray(0, size), size);
      } catch (error) {
        expected = error;
      }
      if (expected instanceof Error) expect(() => decoder.decode(bytes.subarray(0, size), size)).to.throw();
      else expect(decoder.decode(bytes.subarray(0, size), size)).to.deep.equal(expected);
    }
  });

  it('reads no further than the size it is given, a record defined as in the value before included', () => {
    const { decoder } = decoderCountingFallbacks();
    const whole = lmdbCodec.encode(['event-1', 0, 'EventScheduled', exampleData.EventScheduled, metadata]);
    expect(decoder.decode(whole, whole.length)).to.deep.equal(lmdbCodec.decode(whole, whole.length));
    // The same bytes in a larger buffer (as lmdb hands them over), cut anywhere: never read past `size`.
    const larger = Buffer.concat([whole, whole]);
    for (let size = 0; size < whole.length; size++) {
      let expected: unknown;
      try {
        expected = lmdbCodec.decode(larger, size);
      } catch (error) {
        expected = error;
      }
      if (expected instanceof Error) expect(() => decoder.decode(larger, size)).to.throw();
      else expect(decoder.decode(larger, size)).to.deep.equal(expected);
    }
  });

  it('never reads a record by a definition of an earlier value: hands such a value to lmdb decoder', () => {
    const { decoder, counted } = decoderCountingFallbacks();
    const whole = lmdbCodec.encode(['event-1', 0, 'EventScheduled', exampleData.EventScheduled, metadata]);
    decoder.decode(whole, whole.length);
    expect(counted.fallbacks).to.equal(0);
    // A reference to record id 0 (0x40), never defined in this value, then bytes for its two keys and one more item.
    const undefinedHere = Buffer.from([0x92, 0x40, 0x01, 0x02, 0x03]);
    let expected: unknown;
    try {
      expected = lmdbCodec.decode(undefinedHere, undefinedHere.length);
    } catch (error) {
      expected = error;
    }
    if (expected instanceof Error) expect(() => decoder.decode(undefinedHere, undefinedHere.length)).to.throw();
    else expect(decoder.decode(undefinedHere, undefinedHere.length)).to.deep.equal(expected);
    expect(counted.fallbacks).to.equal(1);
  });

  it('reads a key named __proto__ as lmdb does, never as the prototype', () => {
    const { decoder } = decoderCountingFallbacks();
    const bytes = lmdbCodec.encode([
      'event-1',
      0,
      'T',
      JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'),
      metadata,
    ]);
    const decoded = decoder.decode(bytes, bytes.length) as unknown[];
    expect(decoded).to.deep.equal(lmdbCodec.decode(bytes, bytes.length));
    expect(Object.getPrototypeOf(decoded[3])).to.equal(Object.prototype);
  });
});
