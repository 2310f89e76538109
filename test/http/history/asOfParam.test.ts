// Specification of the `as_of` codec: digits are a global position, anything else a date-time read as §1.3 reads them.
import { expect } from 'chai';
import { asOfCodec } from '../../../src/http/routes/history/asOfParam.ts';
import { testZones } from '../../support/memos.ts';

const now = new Date('2026-11-22T10:52:28Z');
const read = (value: unknown, zone = 'Europe/Madrid') => {
  const decoded = asOfCodec(zone, now, testZones).decode(value);
  return decoded._tag === 'Right' ? decoded.right : 'invalid';
};

describe('asOfCodec', () => {
  it('reads unsigned digits as a global position, up to 64 bits', () => {
    expect(read('0')).to.deep.equal({ kind: 'position', position: 0n });
    expect(read('18446744073709551615')).to.deep.equal({ kind: 'position', position: 18446744073709551615n });
    expect(read(42)).to.deep.equal({ kind: 'position', position: 42n });
    expect(read('18446744073709551616')).to.equal('invalid');
  });

  it('reads a date-time with a zone as that instant, to the second, in UTC', () => {
    expect(read('2026-11-22T10:00:00Z')).to.deep.equal({ kind: 'instant', utc: '2026-11-22 10:00:00' });
    expect(read('2026-11-22T10:00:00.900+02:00')).to.deep.equal({ kind: 'instant', utc: '2026-11-22 08:00:00' });
  });

  it('reads wall-clock time, dates and relative forms in the site zone', () => {
    expect(read('2026-11-22 10:00:00')).to.deep.equal({ kind: 'instant', utc: '2026-11-22 09:00:00' });
    expect(read('2026-11-22')).to.deep.equal({ kind: 'instant', utc: '2026-11-21 23:00:00' });
    expect(read('yesterday', 'UTC')).to.deep.equal({ kind: 'instant', utc: '2026-11-21 00:00:00' });
  });

  it('refuses negative numbers, unreadable text and non-strings', () => {
    for (const value of ['-1', ' -7 ', 'soon', '', '2026-02-30T00:00:00Z', ['1'], true, 1.5])
      expect(read(value), String(value)).to.equal('invalid');
  });
});
