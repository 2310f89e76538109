// Specification of time zone identifiers: validation, luxon zones and tz-database abbreviations.
import { expect } from 'chai';
import { parseTimeZone, timeZoneAbbreviation, zoneOf } from '../../src/domain/timeZone.ts';
import { testZones } from '../support/memos.ts';

const JANUARY = '2026-01-15 12:00:00';
const JULY = '2026-07-15 12:00:00';

describe('parseTimeZone', () => {
  const databaseIds = ['America/New_York', 'Europe/Madrid', 'Australia/Sydney', 'Asia/Kolkata', 'Etc/GMT+5'];
  databaseIds.push('US/Eastern'); // a backward-compatibility link, still a database identifier
  for (const id of databaseIds) {
    it(`accepts the time zone database identifier "${id}" as given`, () => {
      expect(parseTimeZone(id)).to.equal(id);
    });
  }

  it('accepts UTC', () => {
    expect(parseTimeZone('UTC')).to.equal('UTC');
  });

  for (const id of ['UTC+0', 'UTC-0', 'UTC-3', 'UTC+5.5', 'UTC+5.25', 'UTC-9.75', 'UTC+14', 'UTC-14', 'UTC+13.75']) {
    it(`accepts the whole-or-quarter-hour offset identifier "${id}"`, () => {
      expect(parseTimeZone(id)).to.equal(id);
    });
  }

  const rejected = [
    'Mars/Base',
    '+05:00',
    '-03:00',
    'UTC+5.3',
    'UTC+5.50',
    'UTC+15',
    'UTC+14.25',
    'UTC+05',
    'UTC+',
    'UTC 5',
    'UTC +5',
    'utc+5',
    'GMT+3',
    ' UTC',
    'garbage',
    '',
  ];
  for (const input of rejected) {
    it(`rejects ${JSON.stringify(input)}`, () => {
      expect(parseTimeZone(input)).to.equal(undefined);
    });
  }
});

describe('zoneOf', () => {
  const instant = Date.UTC(2026, 0, 15, 12);

  it('gives a fixed zone of h*60 minutes for UTC±h identifiers', () => {
    expect(zoneOf('UTC+5.5').offset(instant)).to.equal(330);
    expect(zoneOf('UTC-3').offset(instant)).to.equal(-180);
    expect(zoneOf('UTC+5.75').offset(instant)).to.equal(345);
    expect(zoneOf('UTC-9.25').offset(instant)).to.equal(-555);
  });

  it('gives the universal zone for UTC', () => {
    expect(zoneOf('UTC').offset(instant)).to.equal(0);
    expect(zoneOf('UTC').isUniversal).to.equal(true);
  });

  it('gives the time zone database zone, with its DST rules, for other identifiers', () => {
    const zone = zoneOf('America/New_York');
    expect(zone.offset(instant)).to.equal(-300);
    expect(zone.offset(Date.UTC(2026, 6, 15, 12))).to.equal(-240);
  });

  it('refuses an identifier parseTimeZone would reject', () => {
    expect(() => zoneOf('Mars/Base')).to.throw(RangeError);
  });
});

describe('timeZoneAbbreviation', () => {
  const cases: [zone: string, utc: string, abbreviation: string][] = [
    ['Europe/Madrid', JANUARY, 'CET'],
    ['Europe/Madrid', JULY, 'CEST'],
    ['America/New_York', JANUARY, 'EST'],
    ['America/New_York', JULY, 'EDT'],
    ['America/Los_Angeles', JULY, 'PDT'],
    ['Australia/Sydney', JANUARY, 'AEDT'],
    ['Australia/Sydney', JULY, 'AEST'],
    ['Asia/Kolkata', JANUARY, 'IST'],
    ['Europe/London', JANUARY, 'GMT'],
    ['Europe/London', JULY, 'BST'],
    ['Europe/Dublin', JULY, 'IST'],
    ['Europe/Athens', JANUARY, 'EET'],
    ['Europe/Lisbon', JULY, 'WEST'],
    ['Pacific/Auckland', JANUARY, 'NZDT'],
    ['Asia/Tokyo', JANUARY, 'JST'],
    ['Africa/Johannesburg', JANUARY, 'SAST'],
    ['Asia/Jakarta', JANUARY, 'WIB'],
    ['America/Adak', JANUARY, 'HST'],
    ['Pacific/Guam', JANUARY, 'ChST'],
    ['Etc/UTC', JANUARY, 'UTC'],
  ];
  for (const [zone, utc, abbreviation] of cases) {
    it(`gives ${abbreviation} for ${zone} at ${utc} UTC`, () => {
      expect(timeZoneAbbreviation(zone, utc, testZones)).to.equal(abbreviation);
    });
  }

  const numeric: [zone: string, abbreviation: string][] = [
    ['Europe/Istanbul', '+03'],
    ['America/Sao_Paulo', '-03'],
    ['Asia/Kathmandu', '+0545'],
    ['Asia/Tehran', '+0330'],
    ['Asia/Dubai', '+04'], // CLDR's en-GB says GST, which the database does not use
    ['Asia/Colombo', '+0530'], // en-IN says IST, which the database does not use here
    ['Etc/GMT+5', '-05'],
    ['America/St_Johns', 'NST'],
  ];
  for (const [zone, abbreviation] of numeric) {
    it(`gives ${abbreviation} for ${zone}, written as the database writes it`, () => {
      expect(timeZoneAbbreviation(zone, JANUARY, testZones)).to.equal(abbreviation);
    });
  }

  it('gives the identifier itself for UTC and UTC±h identifiers', () => {
    expect(timeZoneAbbreviation('UTC', JULY, testZones)).to.equal('UTC');
    expect(timeZoneAbbreviation('UTC+5.5', JULY, testZones)).to.equal('UTC+5.5');
    expect(timeZoneAbbreviation('UTC-3', JANUARY, testZones)).to.equal('UTC-3');
    expect(timeZoneAbbreviation('UTC+0', JANUARY, testZones)).to.equal('UTC+0');
  });

  it('switches at the exact instant DST starts (America/New_York, 2026-03-08 07:00 UTC)', () => {
    expect(timeZoneAbbreviation('America/New_York', '2026-03-08 06:59:59', testZones)).to.equal('EST');
    expect(timeZoneAbbreviation('America/New_York', '2026-03-08 07:00:00', testZones)).to.equal('EDT');
  });

  it('switches at the exact instant DST ends (Europe/Madrid, 2026-10-25 01:00 UTC)', () => {
    expect(timeZoneAbbreviation('Europe/Madrid', '2026-10-25 00:59:59', testZones)).to.equal('CEST');
    expect(timeZoneAbbreviation('Europe/Madrid', '2026-10-25 01:00:00', testZones)).to.equal('CET');
  });

  it('reads the instant as UTC, not as wall-clock time in the zone', () => {
    // 2026-03-29 00:30 UTC is 01:30 CET, before the 01:00 UTC switch; read locally it would be after it.
    expect(timeZoneAbbreviation('Europe/Madrid', '2026-03-29 00:30:00', testZones)).to.equal('CET');
  });

  it('refuses a malformed instant', () => {
    expect(() => timeZoneAbbreviation('Europe/Madrid', '2026-01-15T12:00:00Z', testZones)).to.throw(RangeError);
    expect(() => timeZoneAbbreviation('Europe/Madrid', '2026-13-45 12:00:00', testZones)).to.throw(RangeError);
    expect(() => timeZoneAbbreviation('Europe/Madrid', '2026-02-30 12:00:00', testZones)).to.throw(RangeError);
    expect(() => timeZoneAbbreviation('Europe/Madrid', '2026-11-27 24:00:00', testZones)).to.throw(RangeError);
  });
});
