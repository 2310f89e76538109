// Specifies the zone clock: its remembered offsets and abbreviations are always what a clock asking afresh answers,
// for every zone and instant, however small its tables; and clocks share nothing.
import { expect } from 'chai';
import fc from 'fast-check';
import { ZoneClock } from '../../src/domain/timeZone.ts';
import { zoneOffsetMinutesReference } from './support/luxonDateTimeReference.ts';

const zones = [
  'America/New_York',
  'Europe/Madrid',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'America/St_Johns',
  'UTC',
  'UTC+5.5',
];
const instant = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2040-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const utcOf = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

describe('ZoneClock', () => {
  it('answers abbreviations as a fresh clock does, asked once or again, its tables starting over', () => {
    const remembering = new ZoneClock(3);
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.array(instant, { minLength: 1, maxLength: 5 }), (zone, dates) => {
        for (const utc of [...dates, ...dates].map(utcOf)) {
          expect(remembering.abbreviation(zone, utc)).to.equal(new ZoneClock().abbreviation(zone, utc));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers offsets as luxon does, asked once or again, its tables starting over', () => {
    const remembering = new ZoneClock(3);
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.array(instant, { minLength: 1, maxLength: 5 }), (zone, dates) => {
        for (const epochMs of [...dates, ...dates].map((date) => date.getTime())) {
          expect(remembering.offsetMinutes(zone, epochMs)).to.equal(zoneOffsetMinutesReference(zone, epochMs));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('throws where the zone is unknown, and keeps throwing', () => {
    const clock = new ZoneClock();
    expect(() => clock.abbreviation('Mars/Olympus', '2026-01-01 00:00:00')).to.throw();
    expect(() => clock.abbreviation('Mars/Olympus', '2026-01-01 00:00:00')).to.throw();
    expect(() => clock.offsetMinutes('Mars/Olympus', 0)).to.throw();
  });

  it('keeps its memos to itself: a clock filled by one caller leaves another clock empty', () => {
    const filled = new ZoneClock();
    const other = new ZoneClock();
    filled.abbreviation('Europe/Madrid', '2026-07-01 12:00:00');
    filled.offsetMinutes('Europe/Madrid', Date.UTC(2026, 6, 1));
    const sizes = (clock: ZoneClock) => {
      const fields = clock as unknown as Record<string, Map<unknown, unknown>>;
      return [fields.formatters?.size, fields.offsetReaders?.size, fields.abbreviationsByZone?.size];
    };
    expect(sizes(filled)).to.deep.equal([3, 1, 1]);
    expect(sizes(other)).to.deep.equal([0, 0, 0]);
  });
});
