// Specification of wall-clock date-times and their conversions between time zones.
import { expect } from 'chai';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import {
  dateDetails,
  defaultListWindow,
  endOfDay,
  formatLocalDateTime,
  instantToLocal,
  isLocalDateTime,
  ListWindows,
  localToUtc,
  plusMonthsOverflowing,
  startOfDay,
  toIsoWithOffset,
  utcToLocal,
  wallClockSeconds,
} from '../../src/domain/localDateTime.ts';
import { atTime } from './support/luxonClock.ts';
import { testZones } from '../support/memos.ts';

describe('dateDetails', () => {
  it('splits a value into zero-padded strings of 4, 2, 2, 2, 2 and 2 digits', () => {
    expect(dateDetails('2026-03-07 09:05:01')).to.deep.equal({
      year: '2026',
      month: '03',
      day: '07',
      hour: '09',
      minutes: '05',
      seconds: '01',
    });
  });

  it('refuses a value that is not YYYY-MM-DD HH:MM:SS', () => {
    expect(() => dateDetails('2026-03-07T09:05:01')).to.throw(RangeError);
    expect(() => dateDetails('2026-3-7 9:05:01')).to.throw(RangeError);
  });
});

describe('isLocalDateTime', () => {
  it('recognises exactly the YYYY-MM-DD HH:MM:SS shape', () => {
    expect(isLocalDateTime('2026-11-22 10:52:28')).to.equal(true);
    expect(isLocalDateTime('2026-11-22 10:52')).to.equal(false);
    expect(isLocalDateTime('2026-11-22T10:52:28')).to.equal(false);
  });
});

describe('startOfDay and endOfDay', () => {
  it('move a value to 00:00:00 and 23:59:59 of its day', () => {
    expect(startOfDay('2018-01-01 15:00:00')).to.equal('2018-01-01 00:00:00');
    expect(endOfDay('2018-01-01 15:00:00')).to.equal('2018-01-01 23:59:59');
  });

  it('leave values already at those times unchanged', () => {
    expect(startOfDay('2018-01-01 00:00:00')).to.equal('2018-01-01 00:00:00');
    expect(endOfDay('2018-01-01 23:59:59')).to.equal('2018-01-01 23:59:59');
  });
});

describe('localToUtc and utcToLocal', () => {
  const cases: [zone: string, local: string, utc: string][] = [
    ['UTC', '2026-11-27 14:00:00', '2026-11-27 14:00:00'],
    ['America/New_York', '2026-11-27 14:00:00', '2026-11-27 19:00:00'],
    ['America/New_York', '2026-07-04 14:00:00', '2026-07-04 18:00:00'],
    ['Europe/Madrid', '2026-01-15 00:30:00', '2026-01-14 23:30:00'],
    ['Europe/Madrid', '2026-07-15 12:00:00', '2026-07-15 10:00:00'],
    ['Australia/Sydney', '2026-01-01 09:00:00', '2025-12-31 22:00:00'],
    ['UTC+5.5', '2026-11-27 04:00:00', '2026-11-26 22:30:00'],
    ['UTC-3', '2026-12-31 22:00:00', '2027-01-01 01:00:00'],
  ];
  for (const [zone, local, utc] of cases) {
    it(`reads ${local} in ${zone} as ${utc} UTC, and back`, () => {
      expect(localToUtc(local, zone, testZones)).to.equal(utc);
      expect(utcToLocal(utc, zone, testZones)).to.equal(local);
    });
  }

  it('moves a time in the spring-forward gap forward by the gap, as luxon does', () => {
    // 02:30 does not exist in New York on 2026-03-08; luxon takes it as 03:30 EDT.
    expect(localToUtc('2026-03-08 02:30:00', 'America/New_York', testZones)).to.equal('2026-03-08 07:30:00');
    expect(localToUtc('2026-03-29 02:30:00', 'Europe/Madrid', testZones)).to.equal('2026-03-29 01:30:00');
  });

  it(
    'takes the first instant for a time in the fall-back overlap, whatever the current date ' + '(docs/api.md §1.3)',
    () => {
      // 01:30 happens twice in New York on 2026-11-01 (05:30 UTC as EDT, 06:30 UTC as EST): the EDT one.
      const inWinter = atTime(Date.UTC(2026, 0, 15), () =>
        localToUtc('2026-11-01 01:30:00', 'America/New_York', testZones),
      );
      const inSummer = atTime(Date.UTC(2026, 6, 15), () =>
        localToUtc('2026-11-01 01:30:00', 'America/New_York', testZones),
      );
      expect(inWinter).to.equal('2026-11-01 05:30:00');
      expect(inSummer).to.equal('2026-11-01 05:30:00');
      expect(utcToLocal('2026-11-01 05:30:00', 'America/New_York', testZones)).to.equal('2026-11-01 01:30:00');
      expect(utcToLocal('2026-11-01 06:30:00', 'America/New_York', testZones)).to.equal('2026-11-01 01:30:00');
    },
  );

  it('refuses values that name no calendar date-time', () => {
    expect(() => localToUtc('2026-02-30 10:00:00', 'UTC', testZones)).to.throw(RangeError);
    expect(() => utcToLocal('2026-11-27 24:00:00', 'UTC', testZones)).to.throw(RangeError);
  });
});

describe('toIsoWithOffset', () => {
  it('writes the zone offset in force at that moment', () => {
    expect(toIsoWithOffset('2026-11-27 14:00:00', 'America/New_York', testZones)).to.equal('2026-11-27T14:00:00-05:00');
    expect(toIsoWithOffset('2026-07-27 14:00:00', 'America/New_York', testZones)).to.equal('2026-07-27T14:00:00-04:00');
    expect(toIsoWithOffset('2026-07-27 14:00:00', 'Europe/Madrid', testZones)).to.equal('2026-07-27T14:00:00+02:00');
    expect(toIsoWithOffset('2026-07-27 14:00:00', 'UTC+5.5', testZones)).to.equal('2026-07-27T14:00:00+05:30');
    expect(toIsoWithOffset('2026-07-27 14:00:00', 'UTC-3', testZones)).to.equal('2026-07-27T14:00:00-03:00');
  });

  it('writes +00:00 for UTC, never Z', () => {
    expect(toIsoWithOffset('2026-11-27 14:00:00', 'UTC', testZones)).to.equal('2026-11-27T14:00:00+00:00');
    expect(toIsoWithOffset('2026-11-27 14:00:00', 'Etc/UTC', testZones)).to.equal('2026-11-27T14:00:00+00:00');
    expect(toIsoWithOffset('2026-11-27 14:00:00', 'Europe/London', testZones)).to.equal('2026-11-27T14:00:00+00:00');
  });
});

describe('instantToLocal', () => {
  it('reads an instant on the wall clock of a zone, dropping milliseconds', () => {
    const instant = new Date('2026-11-22T10:52:28.999Z');
    expect(instantToLocal(instant, 'UTC', testZones)).to.equal('2026-11-22 10:52:28');
    expect(instantToLocal(instant, 'America/New_York', testZones)).to.equal('2026-11-22 05:52:28');
    expect(instantToLocal(instant, 'UTC+5.5', testZones)).to.equal('2026-11-22 16:22:28');
    expect(instantToLocal(instant, 'Pacific/Kiritimati', testZones)).to.equal('2026-11-23 00:52:28');
  });
});

describe('formatLocalDateTime', () => {
  it('formats a luxon date-time on its own wall clock', () => {
    const dateTime = DateTime.fromISO('2026-11-22T10:52:28.5', { zone: 'Europe/Madrid' });
    expect(formatLocalDateTime(dateTime)).to.equal('2026-11-22 10:52:28');
  });

  it('gives undefined for invalid date-times and years the format cannot hold', () => {
    expect(formatLocalDateTime(DateTime.invalid('test'))).to.equal(undefined);
    expect(formatLocalDateTime(DateTime.fromObject({ year: 10000 }, { zone: 'utc' }))).to.equal(undefined);
    expect(formatLocalDateTime(DateTime.fromObject({ year: -1 }, { zone: 'utc' }))).to.equal(undefined);
  });
});

describe('plusMonthsOverflowing', () => {
  const add = (iso: string, months: number, zone = 'utc'): string =>
    plusMonthsOverflowing(DateTime.fromISO(iso, { zone }), months).toFormat('yyyy-MM-dd HH:mm');

  it('keeps the day of month when the target month has it', () => {
    expect(add('2026-01-15T10:00', 1)).to.equal('2026-02-15 10:00');
    expect(add('2026-01-15T10:00', -2)).to.equal('2025-11-15 10:00');
  });

  it('lets a missing day overflow into the next month, as PHP does', () => {
    expect(add('2026-01-31T10:00', 1)).to.equal('2026-03-03 10:00');
    expect(add('2028-01-31T10:00', 1)).to.equal('2028-03-02 10:00');
    expect(add('2026-03-31T10:00', -1)).to.equal('2026-03-03 10:00');
    expect(add('2028-02-29T10:00', 12)).to.equal('2029-03-01 10:00');
  });

  it('keeps the wall-clock time across a DST change', () => {
    expect(add('2026-03-15T10:00', 1, 'America/New_York')).to.equal('2026-04-15 10:00');
    expect(add('2026-10-10T10:00', 1, 'Europe/Madrid')).to.equal('2026-11-10 10:00');
  });
});

describe('defaultListWindow', () => {
  const now = new Date('2026-11-22T10:52:28Z');
  /** A window computed afresh, remembered by no one. */
  const freshWindow = (at: Date, zone: string) => defaultListWindow(at, zone, new ListWindows());

  it('runs from yesterday 23:59:00 UTC to now plus 24 months on a UTC site', () => {
    expect(freshWindow(now, 'UTC')).to.deep.equal({
      start: '2026-11-21 23:59:00',
      end: '2028-11-22 10:52:28',
    });
  });

  it('reads both ends in the site time zone', () => {
    expect(freshWindow(now, 'America/New_York')).to.deep.equal({
      start: '2026-11-21 18:59:00',
      end: '2028-11-22 05:52:28',
    });
    expect(freshWindow(now, 'UTC+5.5')).to.deep.equal({
      start: '2026-11-22 05:29:00',
      end: '2028-11-22 16:22:28',
    });
  });

  it('takes "yesterday" from the UTC date even when the site is already on another day', () => {
    // 23:30 UTC on the 22nd is 00:30 on the 23rd in Madrid; the start still comes from the UTC date.
    const lateEvening = new Date('2026-11-22T23:30:00Z');
    expect(freshWindow(lateEvening, 'Europe/Madrid')).to.deep.equal({
      start: '2026-11-22 00:59:00',
      end: '2028-11-23 00:30:00',
    });
  });

  it('lets 29 February overflow to 1 March 24 months later, as PHP does', () => {
    expect(freshWindow(new Date('2028-02-29T12:00:00Z'), 'UTC').end).to.equal('2030-03-01 12:00:00');
  });

  it('is remembered by the ListWindows it is asked of, for one second and zone, and only there', () => {
    const windows = new ListWindows();
    const first = defaultListWindow(now, 'Europe/Madrid', windows);
    expect(
      defaultListWindow(new Date(now.getTime() + 999 - (now.getTime() % 1000)), 'Europe/Madrid', windows),
    ).to.equal(first);
    expect(new ListWindows().at(now, 'Europe/Madrid')).to.deep.equal(first);
    expect(new ListWindows().at(now, 'Europe/Madrid')).not.to.equal(first);
    expect(windows.at(now, 'UTC')).to.deep.equal(freshWindow(now, 'UTC'));
    expect(windows.at(new Date(now.getTime() + 1000), 'Europe/Madrid').end).to.equal('2028-11-22 11:52:29');
  });
});

describe('wallClockSeconds', () => {
  it('orders values exactly like their text, across days, months, years and leap days', () => {
    const values = [
      '1999-12-31 23:59:59',
      '2000-01-01 00:00:00',
      '2024-02-28 23:59:59',
      '2024-02-29 00:00:00',
      '2024-03-01 00:00:00',
      '2026-11-22 10:52:28',
      '2026-11-22 10:52:29',
    ];
    const keys = values.map(wallClockSeconds);
    expect([...keys].sort((a, b) => a - b)).to.deep.equal(keys);
    expect(new Set(keys).size).to.equal(values.length);
    expect(wallClockSeconds('2026-11-22 10:52:29') - wallClockSeconds('2026-11-22 10:52:28')).to.equal(1);
  });

  it('reads any text as its six fields read one by one as numbers would (signs, spaces, short text, no digits)', () => {
    const asSlices = (local: string) =>
      Date.UTC(
        +local.slice(0, 4),
        +local.slice(5, 7) - 1,
        +local.slice(8, 10),
        +local.slice(11, 13),
        +local.slice(14, 16),
        +local.slice(17, 19),
      ) / 1000;
    const character = fc.constantFrom(...'0123456789', '0', '9', '-', ' ', ':', '+', 'a', '.', 'é');
    const text = fc.array(character, { maxLength: 22 }).map((characters) => characters.join(''));
    const wellFormed = fc
      .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 19).replace('T', ' '));
    fc.assert(
      fc.property(fc.oneof(text, wellFormed), (local) => Object.is(wallClockSeconds(local), asSlices(local))),
      { numRuns: 5000 },
    );
    for (const local of ['', '0050-01-01 00:00:00', '2026-13-40 25:61:61', ' 2026-01-01 00:00:00', '2026-01-01'])
      expect(Object.is(wallClockSeconds(local), asSlices(local)), local).to.equal(true);
  });
});
