// Specification of date-time input (docs/api.md §1.3), with a fixed reference instant.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { parseDateTimeInput, readDateTimeInput } from '../../src/domain/dateTimeInput.ts';
import { testZones } from '../support/memos.ts';

/** What PHP's strtotime gives for every case of cases.json, per zone (written by oracle.php beside it). */
const php = JSON.parse(readFileSync(new URL('../fixtures/php-dates/expected.json', import.meta.url), 'utf8')) as {
  now: string;
  cases: { class: string; input: string; zone: string; php: string | null }[];
};

/** Sunday 2026-11-22 10:52:28 UTC: 05:52:28 in New York, 11:52:28 in Madrid, 16:22:28 at UTC+5.5. */
const NOW = new Date('2026-11-22T10:52:28Z');

function read(input: string, zone = 'UTC', now = NOW): string | undefined {
  return parseDateTimeInput(input, zone, now, testZones);
}

describe('parseDateTimeInput', () => {
  describe('Unix timestamps', () => {
    it('takes the UTC calendar date and time as the wall-clock value', () => {
      expect(read('1764064800')).to.equal('2025-11-25 10:00:00');
      expect(read('0')).to.equal('1970-01-01 00:00:00');
      expect(read('-86400')).to.equal('1969-12-31 00:00:00');
    });

    it('does not apply the target time zone', () => {
      expect(read('1764064800', 'America/New_York')).to.equal('2025-11-25 10:00:00');
      expect(read('1764064800', 'UTC+5.5')).to.equal('2025-11-25 10:00:00');
    });

    it('rejects timestamps beyond year 9999', () => {
      expect(read('253402300800')).to.equal(undefined);
      expect(read('99999999999999999999')).to.equal(undefined);
    });
  });

  describe('ISO-like dates', () => {
    it('reads a date alone as 00:00:00 of that day', () => {
      expect(read('2026-11-25')).to.equal('2026-11-25 00:00:00');
      expect(read('2026-11-25', 'America/New_York')).to.equal('2026-11-25 00:00:00');
    });

    it('reads a date with a space or T and HH:MM or HH:MM:SS as wall-clock time in the target zone', () => {
      expect(read('2026-11-25 10:00:00', 'America/New_York')).to.equal('2026-11-25 10:00:00');
      expect(read('2026-11-25T10:00', 'Europe/Madrid')).to.equal('2026-11-25 10:00:00');
      expect(read('2026-11-25 23:59', 'UTC+5.5')).to.equal('2026-11-25 23:59:00');
    });

    it('drops fractional seconds', () => {
      expect(read('2026-11-25 10:00:00.789')).to.equal('2026-11-25 10:00:00');
    });

    it('converts a value with an offset or Z to the target zone', () => {
      expect(read('2026-11-25T10:00:00+02:00')).to.equal('2026-11-25 08:00:00');
      expect(read('2026-11-25T10:00:00+02:00', 'America/New_York')).to.equal('2026-11-25 03:00:00');
      expect(read('2026-11-25T10:00:00Z', 'UTC+5.5')).to.equal('2026-11-25 15:30:00');
      expect(read('2026-11-25 10:00-03:00', 'Europe/Madrid')).to.equal('2026-11-25 14:00:00');
      expect(read('2026-07-01T00:30:00Z', 'America/New_York')).to.equal('2026-06-30 20:30:00');
    });

    it('is case-insensitive about T and Z', () => {
      expect(read('2026-11-25t10:00:00z', 'America/New_York')).to.equal('2026-11-25 05:00:00');
    });

    it('moves a time in a DST gap forward, as the zone has no such wall-clock time', () => {
      expect(read('2026-03-08 02:30', 'America/New_York')).to.equal('2026-03-08 03:30:00');
    });

    const impossible = ['2026-02-30', '2026-13-01', '2026-11-25 25:00', '2026-11-25 10:60', '2026-11-25 10:00:61'];
    for (const input of impossible) {
      it(`rejects "${input}"`, () => {
        expect(read(input)).to.equal(undefined);
      });
    }
  });

  describe('a calendar date with a 12-hour time', () => {
    it('reads "2018-01-01 4pm" in the target zone', () => {
      expect(read('2018-01-01 4pm')).to.equal('2018-01-01 16:00:00');
      expect(read('2018-01-01 4pm', 'Europe/Madrid')).to.equal('2018-01-01 16:00:00');
    });

    it('reads minutes, any case, and an optional space before am/pm', () => {
      expect(read('2018-01-01 4:30pm')).to.equal('2018-01-01 16:30:00');
      expect(read('2018-01-01 11 AM')).to.equal('2018-01-01 11:00:00');
      expect(read('2018-01-01 12am')).to.equal('2018-01-01 00:00:00');
      expect(read('2018-01-01 12pm')).to.equal('2018-01-01 12:00:00');
    });

    it('rejects hours that are not on a 12-hour clock, and impossible dates', () => {
      expect(read('2018-01-01 13pm')).to.equal(undefined);
      expect(read('2018-01-01 0am')).to.equal(undefined);
      expect(read('2018-02-30 4pm')).to.equal(undefined);
    });
  });

  describe('day words', () => {
    it('reads "now" as the current time in the target zone, to the second', () => {
      expect(read('now')).to.equal('2026-11-22 10:52:28');
      expect(read('now', 'America/New_York')).to.equal('2026-11-22 05:52:28');
      expect(read('now', 'UTC+5.5')).to.equal('2026-11-22 16:22:28');
      expect(read('now', 'UTC', new Date('2026-11-22T10:52:28.999Z'))).to.equal('2026-11-22 10:52:28');
    });

    it('reads "today" and "midnight" as 00:00 today, and "noon" as 12:00 today', () => {
      expect(read('today', 'Europe/Madrid')).to.equal('2026-11-22 00:00:00');
      expect(read('midnight', 'Europe/Madrid')).to.equal('2026-11-22 00:00:00');
      expect(read('noon', 'Europe/Madrid')).to.equal('2026-11-22 12:00:00');
    });

    it('reads "tomorrow" and "yesterday" as 00:00 of those days', () => {
      expect(read('tomorrow')).to.equal('2026-11-23 00:00:00');
      expect(read('yesterday')).to.equal('2026-11-21 00:00:00');
    });

    it('takes "today" from the target zone, which may already be another day than UTC', () => {
      const lateUtc = new Date('2026-11-22T20:00:00Z'); // 01:30 on Monday 23rd at UTC+5.5
      expect(read('today', 'UTC+5.5', lateUtc)).to.equal('2026-11-23 00:00:00');
      expect(read('tomorrow', 'America/New_York', new Date('2026-11-23T03:00:00Z'))).to.equal('2026-11-23 00:00:00');
    });

    it('reads "tomorrow 9am" in the target zone', () => {
      expect(read('tomorrow 9am', 'America/New_York')).to.equal('2026-11-23 09:00:00');
      expect(read('tomorrow 9am', 'UTC+5.5')).to.equal('2026-11-23 09:00:00');
    });

    it('accepts a 24-hour time, noon or midnight after a day word', () => {
      expect(read('yesterday 16:00')).to.equal('2026-11-21 16:00:00');
      expect(read('today 16:00:30')).to.equal('2026-11-22 16:00:30');
      expect(read('tomorrow noon')).to.equal('2026-11-23 12:00:00');
    });

    it('is case-insensitive and ignores surrounding whitespace', () => {
      expect(read('  TOMORROW 9AM  ')).to.equal('2026-11-23 09:00:00');
      expect(read('Noon')).to.equal('2026-11-22 12:00:00');
    });
  });

  describe('weekdays', () => {
    it('reads "next wednesday 4pm" in the target zone', () => {
      expect(read('next wednesday 4pm', 'America/New_York')).to.equal('2026-11-25 16:00:00');
    });

    it('reads a bare weekday as today when it is that day, else the coming one, at 00:00', () => {
      expect(read('sunday')).to.equal('2026-11-22 00:00:00');
      expect(read('monday')).to.equal('2026-11-23 00:00:00');
      expect(read('saturday')).to.equal('2026-11-28 00:00:00');
    });

    it('reads "next <weekday>" as the first such day after today', () => {
      expect(read('next sunday')).to.equal('2026-11-29 00:00:00');
      expect(read('next monday')).to.equal('2026-11-23 00:00:00');
      // On Monday 23rd, "next tuesday" is the 24th, not Tuesday of the following week.
      expect(read('next tuesday', 'UTC', new Date('2026-11-23T12:00:00Z'))).to.equal('2026-11-24 00:00:00');
    });

    it('reads "last <weekday>" as the last such day before today', () => {
      expect(read('last sunday')).to.equal('2026-11-15 00:00:00');
      expect(read('last saturday')).to.equal('2026-11-21 00:00:00');
      expect(read('last monday')).to.equal('2026-11-16 00:00:00');
    });

    it('counts from the day in the target zone', () => {
      // 22:00 UTC on Sunday is already Monday 03:30 at UTC+5.5.
      const lateUtc = new Date('2026-11-22T22:00:00Z');
      expect(read('monday', 'UTC+5.5', lateUtc)).to.equal('2026-11-23 00:00:00');
      expect(read('next monday', 'UTC+5.5', lateUtc)).to.equal('2026-11-30 00:00:00');
      expect(read('monday', 'UTC', lateUtc)).to.equal('2026-11-23 00:00:00');
    });

    it('accepts three-letter names, any case, with a trailing time', () => {
      expect(read('Last Wed 16:00')).to.equal('2026-11-18 16:00:00');
      expect(read('FRI 9:30am', 'Europe/Madrid')).to.equal('2026-11-27 09:30:00');
    });
  });

  describe('signed intervals', () => {
    it('keeps the current time of day for days and longer', () => {
      expect(read('+5 days')).to.equal('2026-11-27 10:52:28');
      expect(read('-1 week', 'America/New_York')).to.equal('2026-11-15 05:52:28');
      expect(read('+1 fortnight')).to.equal('2026-12-06 10:52:28');
      expect(read('+2 fortnights')).to.equal('2026-12-20 10:52:28');
      expect(read('-3 months', 'Europe/Madrid')).to.equal('2026-08-22 11:52:28');
      expect(read('+1 year', 'UTC+5.5')).to.equal('2027-11-22 16:22:28');
    });

    it('adds seconds, minutes and hours as elapsed time', () => {
      expect(read('+30 sec')).to.equal('2026-11-22 10:52:58');
      expect(read('+1 second')).to.equal('2026-11-22 10:52:29');
      expect(read('-90 mins')).to.equal('2026-11-22 09:22:28');
      expect(read('+2 minutes')).to.equal('2026-11-22 10:54:28');
      expect(read('+1 hour')).to.equal('2026-11-22 11:52:28');
    });

    it('reads "+5 days 11am" in the target zone', () => {
      expect(read('+5 days 11am', 'America/New_York')).to.equal('2026-11-27 11:00:00');
    });

    it('sets the time of day before adding, as PHP does', () => {
      expect(read('+2 hours 9am')).to.equal('2026-11-22 11:00:00');
    });

    it('accepts no space between the number and the unit', () => {
      expect(read('+5days')).to.equal('2026-11-27 10:52:28');
    });

    it('lets a missing day of month overflow, as PHP does', () => {
      expect(read('+1 month', 'UTC', new Date('2026-01-31T12:00:00Z'))).to.equal('2026-03-03 12:00:00');
    });

    it('keeps the wall-clock time across DST for days, but not for hours', () => {
      const saturday = new Date('2026-03-07T15:00:00Z'); // 10:00 EST, the day before DST starts
      expect(read('+1 day', 'America/New_York', saturday)).to.equal('2026-03-08 10:00:00');
      expect(read('+24 hours', 'America/New_York', saturday)).to.equal('2026-03-08 11:00:00');
      const beforeFallBack = new Date('2026-10-24T10:00:00Z'); // 12:00 CEST in Madrid
      expect(read('+1 day', 'Europe/Madrid', beforeFallBack)).to.equal('2026-10-25 12:00:00');
      expect(read('+24 hours', 'Europe/Madrid', beforeFallBack)).to.equal('2026-10-25 11:00:00');
    });

    it('moves a time of day that falls in a DST gap forward', () => {
      expect(read('tomorrow 2:30am', 'America/New_York', new Date('2026-03-07T15:00:00Z'))).to.equal(
        '2026-03-08 03:30:00',
      );
    });

    it('rejects unknown units', () => {
      expect(read('+5 decades')).to.equal(undefined);
    });
  });

  describe('invalid input', () => {
    const invalid = [
      'not-a-date',
      'garbage',
      'before my birthday',
      'foo',
      '',
      '   ',
      'tomorrow whenever',
      'tomorrow 13pm',
      'tomorrow 25:00',
      'next',
      'last 9am',
      '1764064800.5',
      'the day after tomorrow',
      '24/12/2026',
      '2026-12-24 20h',
      '2026-12-24 20:00 Not/A_Zone',
    ];
    for (const input of invalid) {
      it(`rejects ${JSON.stringify(input)}`, () => {
        expect(read(input)).to.equal(undefined);
        expect(read(input, 'America/New_York')).to.equal(undefined);
      });
    }
  });

  describe('every format class PHP reads, as PHP reads it (table from PHP 8.2)', () => {
    for (const { class: formatClass, input, zone, php: expected } of php.cases) {
      if (input === '20261224') continue; // digits alone are a timestamp here (form 1), see below
      it(`${formatClass}: ${JSON.stringify(input)} in ${zone} → ${expected}`, () => {
        expect(read(input, zone, new Date(php.now))).to.equal(expected);
      });
    }
  });

  describe('where this service deliberately reads differently from PHP', () => {
    const differences: [input: string, expected: string | undefined, why: string][] = [
      ['20261224', '1970-08-23 12:07:04', 'digits alone are a Unix timestamp (form 1), not a date'],
      ['2026-02-30', undefined, 'an impossible day is refused, not moved to March 2'],
      ['February 30', undefined, 'the same with a month name'],
      ['4/31/2026', undefined, 'the same, American'],
      ['31.4.2026', undefined, 'the same, with dots'],
      ['in 2 weeks', '2026-12-06 10:52:28', '"in N units" means "+N units" (PHP refuses it)'],
      ['in 3 days 9am', '2026-11-25 09:00:00', 'also with a time'],
      ['December 24th, 2026 at 8pm', '2026-12-24 20:00:00', '"at" may join a date and a time (PHP refuses it)'],
      ['+99999999999999999999 days', undefined, 'a number past 2^53 is refused, PHP loses its digits'],
      ['-9007199254740991 seconds', undefined, 'a result outside years 0000–9999 is refused'],
    ];
    for (const [input, expected, why] of differences) {
      it(`${JSON.stringify(input)} → ${expected ?? 'refused'}: ${why}`, () => {
        expect(read(input)).to.equal(expected);
      });
    }
  });

  describe('why an input is refused', () => {
    const problems: [input: string, problem: string][] = [
      ['garbage', 'unreadable'],
      ['', 'unreadable'],
      ['2026-02-30', 'no-such-date'],
      ['Feb 30 2026 4pm', 'no-such-date'],
      [`tomorrow ${'x'.repeat(300)}`, 'too-long'],
      ['+99999999999999999999 days', 'amount-too-large'],
      ['99999999999999999999', 'amount-too-large'],
      ['+9007199254740993 hours', 'amount-too-large'],
      ['+9007199254740991 days', 'out-of-range'],
      ['253402300800', 'out-of-range'],
    ];
    for (const [input, problem] of problems) {
      it(`${JSON.stringify(input.slice(0, 40))}: ${problem}`, () => {
        expect(readDateTimeInput(input, 'UTC', NOW, testZones)).to.deep.equal({ ok: false, problem });
      });
    }
  });

  describe('the zone a text names', () => {
    const named: [input: string, local: string, zone: string][] = [
      ['2026-11-25T10:00:00+05:00', '2026-11-25 05:00:00', 'UTC+5'],
      ['2026-11-25 10:00 +0530', '2026-11-25 04:30:00', 'UTC+5.5'],
      ['2026-11-25 10:00 -03:45', '2026-11-25 13:45:00', 'UTC-3.75'],
      ['2026-11-25T10:00:00Z', '2026-11-25 10:00:00', 'UTC'],
      ['2026-11-25 10:00 EST', '2026-11-25 15:00:00', 'UTC-5'],
      ['2026-12-24 20:00 America/New_York', '2026-12-25 01:00:00', 'America/New_York'],
    ];
    for (const [input, local, namedZone] of named) {
      it(`${JSON.stringify(input)} is ${local} UTC and names ${namedZone}`, () => {
        expect(readDateTimeInput(input, 'UTC', NOW, testZones)).to.deep.equal({ ok: true, local, namedZone });
      });
    }

    it('names no zone for wall-clock input', () => {
      expect(readDateTimeInput('tomorrow 9am', 'Europe/Madrid', NOW, testZones)).to.deep.equal({
        ok: true,
        local: '2026-11-23 09:00:00',
      });
    });

    it('names no zone for an offset that is no whole quarter of an hour, and still converts it', () => {
      expect(readDateTimeInput('2026-11-25 10:00 +05:20', 'UTC', NOW, testZones)).to.deep.equal({
        ok: true,
        local: '2026-11-25 04:40:00',
      });
    });
  });

  it('reads the same whatever zone the process runs in', () => {
    // locutus works on the host's local time; the floating Date it runs with must leave nothing of the host's zone.
    const before = process.env.TZ;
    try {
      const results = ['America/New_York', 'Australia/Lord_Howe', 'UTC'].map((tz) => {
        process.env.TZ = tz;
        return ['next month', '+1 week 2 days', 'last day of next month', '2026-03-29 02:30', 'Dec 31 2026 8pm'].map(
          (input) => read(input, 'Europe/Madrid'),
        );
      });
      expect(results[0]).to.deep.equal(results[2]);
      expect(results[1]).to.deep.equal(results[2]);
      expect(new Date(2026, 0, 1).getFullYear()).to.equal(2026); // the host's Date is back
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
