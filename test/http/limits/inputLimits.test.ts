// Specifies the input limits as pure functions: parameter lengths and list sizes, JSON nesting, and how a refused
// request's method is recognised in the parser's bytes.
import { expect } from 'chai';
import {
  commaSeparatedEntries,
  exceedsInputLimits,
  maxLengthOf,
  maxListEntries,
} from '../../../src/http/params/inputLimits.ts';
import { PositiveInt, listOf } from '../../../src/http/params/codecs.ts';
import { nestingExceeds } from '../../../src/http/middleware/requestLimits.ts';
import { refusedHead } from '../../../src/http/httpServer.ts';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
};

describe('Input limits', () => {
  describe('exceedsInputLimits', () => {
    it('allows names up to 1 000 characters, free text up to 100 000 and anything else up to 10 000', () => {
      for (const [name, limit] of [
        ['title', 1_000],
        ['slug', 1_000],
        ['description', 100_000],
        ['excerpt', 100_000],
        ['search', 10_000],
        ['website', 10_000],
      ] as const) {
        expect(maxLengthOf(name), name).to.equal(limit);
        expect(exceedsInputLimits(name, 'x'.repeat(limit)), `${name} at the limit`).to.equal(false);
        expect(exceedsInputLimits(name, 'x'.repeat(limit + 1)), `${name} past the limit`).to.equal(true);
      }
    });

    it('allows lists of 100 entries and refuses 101, as arrays and as comma-separated strings', () => {
      expect(maxListEntries).to.equal(100);
      const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
      expect(exceedsInputLimits('categories', ids(100))).to.equal(false);
      expect(exceedsInputLimits('categories', ids(101))).to.equal(true);
      expect(exceedsInputLimits('include', ids(100).join(','))).to.equal(false);
      expect(exceedsInputLimits('include', ids(101).join(','))).to.equal(true);
      // Commas in free text are not list separators.
      expect(exceedsInputLimits('description', ','.repeat(500))).to.equal(false);
    });

    it('judges members of inline objects by their own names, and arrays at any depth', () => {
      expect(exceedsInputLimits('venue', { venue: 'Hall', description: 'd'.repeat(100_000) })).to.equal(false);
      expect(exceedsInputLimits('venue', { venue: 'v'.repeat(1_001) })).to.equal(true);
      expect(exceedsInputLimits('venue', [{ venue: 'Hall' }, { city: 'c'.repeat(10_001) }])).to.equal(true);
      expect(exceedsInputLimits('cost', { a: [Array.from({ length: 101 }, () => 1)] })).to.equal(true);
    });

    it('walks a value nested far deeper than the stack would allow', () => {
      expect(exceedsInputLimits('cost', nested(200_000))).to.equal(false);
    });

    it('counts comma-separated entries without splitting', () => {
      expect([
        commaSeparatedEntries(''),
        commaSeparatedEntries('a'),
        commaSeparatedEntries('a,b'),
        commaSeparatedEntries(',,'),
      ]).to.deep.equal([1, 1, 2, 3]);
    });
  });

  describe('listOf', () => {
    it('refuses more than 100 entries in any form', () => {
      const ids = listOf(PositiveInt, false, { code: 'not-a-list-of-ids' });
      expect(ids.decode(Array.from({ length: 100 }, (_, i) => i + 1))._tag).to.equal('Right');
      expect(ids.decode(Array.from({ length: 101 }, (_, i) => i + 1))._tag).to.equal('Left');
      expect(ids.decode(Array.from({ length: 101 }, (_, i) => i + 1).join(','))._tag).to.equal('Left');
    });
  });

  describe('nestingExceeds', () => {
    it('counts arrays and objects, `{}` being depth 1', () => {
      expect(nestingExceeds({}, 1)).to.equal(false);
      expect(nestingExceeds({ a: [] }, 1)).to.equal(true);
      expect(nestingExceeds('scalar', 0)).to.equal(false);
      expect(nestingExceeds(nested(64), 64)).to.equal(false);
      expect(nestingExceeds(nested(65), 64)).to.equal(true);
    });

    it('measures any depth without recursion', () => {
      expect(nestingExceeds(nested(500_000), 64)).to.equal(true);
    });
  });

  describe('refusedHead', () => {
    const parserError = (packet: string, at?: number) =>
      Object.assign(new Error('parse'), { rawPacket: Buffer.from(packet, 'latin1'), bytesParsed: at ?? packet.length });

    it('reads the method of the request line the error is on', () => {
      expect(refusedHead(parserError('HEAD /a\u00e9'))).to.equal(true);
      expect(refusedHead(parserError('GET /a\u00e9'))).to.equal(false);
    });

    it('finds the method behind the unframed end of the previous body', () => {
      expect(refusedHead(parserError('xxxxxHEAD /a\u00e9'))).to.equal(true);
      expect(refusedHead(parserError('xxxxxPOST /a\u00e9'))).to.equal(false);
    });

    it('looks back to the request line when the error is in a header', () => {
      expect(refusedHead(parserError('HEAD /a HTTP/1.1\r\nHost: x\r\nBad\u0000: y'))).to.equal(true);
      expect(refusedHead(parserError('GET /a HTTP/1.1\r\nHost: x\r\nBad\u0000: y'))).to.equal(false);
    });

    it('takes a request line after a finished message for the new request', () => {
      expect(refusedHead(parserError('GET /a HTTP/1.1\r\nHost: x\r\n\r\nHEAD /b\u00e9'))).to.equal(true);
      expect(refusedHead(parserError('HEAD /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b\u00e9'))).to.equal(false);
    });

    it('knows nothing without the bytes', () => {
      expect(refusedHead(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }))).to.equal(false);
    });
  });
});
