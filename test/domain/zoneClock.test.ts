// Specifies the zone clock: its remembered offsets and abbreviations are always what a clock asking afresh answers,
// for every zone and instant, however small its tables (abbreviations remembered per day included, on the days a zone
// changes them); and clocks share nothing.
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
const dayLength = 86_400_000;

describe('ZoneClock', () => {
  it('answers abbreviations as a fresh clock does, asked once or again, its tables starting over', () => {
    const remembering = new ZoneClock(3);
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.array(instant, { minLength: 1, maxLength: 5 }), (zone, dates) => {
        for (const utc of [...dates, ...dates].map(utcOf)) {
          expect(remembering.abbreviation(zone, utc)).to.equal(new ZoneClock().abbreviationAtInstant(zone, utc));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers each instant of the days a zone changes its abbreviation as Intl does for that instant', () => {
    const clock = new ZoneClock();
    const exact = new ZoneClock();
    let changeDays = 0;
    for (const zone of zones) {
      for (let dayMs = Date.UTC(2025, 0, 1); dayMs < Date.UTC(2027, 0, 1); dayMs += dayLength) {
        const day = utcOf(new Date(dayMs)).slice(0, 10);
        if (
          exact.abbreviationAtInstant(zone, `${day} 00:00:00`) === exact.abbreviationAtInstant(zone, `${day} 23:59:59`)
        )
          continue;
        changeDays++;
        // The day is learnt from an instant before the change, then asked every ten minutes.
        expect(clock.abbreviation(zone, `${day} 00:05:00`)).to.equal(
          exact.abbreviationAtInstant(zone, `${day} 00:05:00`),
        );
        for (let at = dayMs; at < dayMs + dayLength; at += 600_000) {
          const utc = utcOf(new Date(at));
          expect(clock.abbreviation(zone, utc), `${zone} ${utc}`).to.equal(exact.abbreviationAtInstant(zone, utc));
        }
      }
    }
    // New York, Madrid, Lord Howe, St Johns: two changes a year each, in both years.
    expect(changeDays).to.equal(16);
  });

  it('answers each day from its month as Intl does, in zones that change names, offsets or both, 2015 to 2027', () => {
    const clock = new ZoneClock();
    const exact = new ZoneClock();
    // Besides DST: Whitehorse (PDT to MST in 2020, the same offset), Casablanca (an hour back each Ramadan), Cairo
    // (DST dropped in 2015, back in 2023), Moscow (MSK from +4 to +3 in 2014), Sao Paulo (DST dropped in 2019).
    const changing = ['America/Whitehorse', 'Africa/Casablanca', 'Africa/Cairo', 'Europe/Moscow', 'America/Sao_Paulo'];
    for (const zone of [...zones, ...changing, 'Europe/London', 'Europe/Dublin']) {
      for (let dayMs = Date.UTC(2015, 0, 1); dayMs < Date.UTC(2028, 0, 1); dayMs += dayLength) {
        const utc = utcOf(new Date(dayMs + ((dayMs / dayLength) % 24) * 3_600_000));
        expect(clock.abbreviation(zone, utc), `${zone} ${utc}`).to.equal(exact.abbreviationAtInstant(zone, utc));
      }
    }
  });

  it('answers each day as Intl does in months that leave an offset and come back to it before their end', () => {
    // Boa Vista kept DST two weeks of October 2000; Cairo stopped it for Ramadan until 2010-09-09; La Rioja moved
    // from -03 to -04 and back in June 2004. Each month's ends agree, its middle days do not.
    const months = [
      ['America/Boa_Vista', Date.UTC(2000, 9, 1)],
      ['Africa/Cairo', Date.UTC(2010, 8, 1)],
      ['America/Argentina/La_Rioja', Date.UTC(2004, 5, 1)],
    ] as const;
    const exact = new ZoneClock();
    for (const [zone, monthMs] of months) {
      const clock = new ZoneClock();
      let differentDays = 0;
      for (let dayMs = monthMs; dayMs < monthMs + 30 * dayLength; dayMs += dayLength) {
        const utc = utcOf(new Date(dayMs + 12 * 3_600_000));
        const expected = exact.abbreviationAtInstant(zone, utc);
        if (expected !== exact.abbreviationAtInstant(zone, utcOf(new Date(monthMs)))) differentDays++;
        expect(clock.abbreviation(zone, utc), `${zone} ${utc}`).to.equal(expected);
      }
      expect(differentDays, zone).to.be.greaterThan(0);
    }
  });

  it('asks Intl for the names of a month without a change at its two ends only, not for each of its days', () => {
    const clock = new ZoneClock();
    clock.offsetMinutes('Europe/Madrid', Date.UTC(2026, 6, 1));
    const formatToParts = Intl.DateTimeFormat.prototype.formatToParts;
    let asked = 0;
    Intl.DateTimeFormat.prototype.formatToParts = function (this: Intl.DateTimeFormat, date) {
      asked++;
      return formatToParts.call(this, date);
    };
    try {
      for (let day = 1; day <= 31; day++)
        clock.abbreviation('Europe/Madrid', `2026-07-${String(day).padStart(2, '0')} 18:00:00`);
    } finally {
      Intl.DateTimeFormat.prototype.formatToParts = formatToParts;
    }
    // Two ends, each asked of en-US (GMT+2, no letters) and then en-GB (CEST).
    expect(asked).to.equal(4);
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

  it('answers each instant of the days a zone changes its offset as luxon does, learnt from either side', () => {
    let changeDays = 0;
    for (const zone of zones) {
      for (let dayMs = Date.UTC(2025, 0, 1); dayMs < Date.UTC(2027, 0, 1); dayMs += dayLength) {
        const last = dayMs + dayLength - 1000;
        if (zoneOffsetMinutesReference(zone, dayMs) === zoneOffsetMinutesReference(zone, last)) continue;
        changeDays++;
        // One clock learns the day from an instant before the change, the other from one after it.
        for (const [clock, learntAt] of [
          [new ZoneClock(), dayMs + 300_000],
          [new ZoneClock(), last - 300_000],
        ] as const) {
          expect(clock.offsetMinutes(zone, learntAt)).to.equal(zoneOffsetMinutesReference(zone, learntAt));
          for (let at = dayMs; at < dayMs + dayLength; at += 600_000) {
            expect(clock.offsetMinutes(zone, at), `${zone} ${utcOf(new Date(at))}`).to.equal(
              zoneOffsetMinutesReference(zone, at),
            );
          }
        }
      }
    }
    // New York, Madrid, Lord Howe, St Johns: two changes a year each, in both years.
    expect(changeDays).to.equal(16);
  });

  it('answers every instant of a day without a change after one look at the day', () => {
    const clock = new ZoneClock();
    const day = Date.UTC(2026, 6, 1);
    for (let at = day; at < day + dayLength; at += 60_000) {
      expect(clock.offsetMinutes('Europe/Madrid', at)).to.equal(120);
    }
    const tables = (clock as unknown as { rememberedByZone: Map<number, unknown>[] }).rememberedByZone;
    // The day, no second, and its two midnights.
    expect(tables.map((table) => table.size)).to.deep.equal([1, 0, 2]);
  });

  it('asks Intl for the offsets of a run of days once per day, each midnight shared by the days on either side', () => {
    const clock = new ZoneClock();
    const formatOf = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'format') as PropertyDescriptor;
    let asked = 0;
    Object.defineProperty(Intl.DateTimeFormat.prototype, 'format', {
      ...formatOf,
      get(this: Intl.DateTimeFormat) {
        const format = (formatOf.get as () => (date?: number) => string).call(this);
        return (date?: number) => {
          asked++;
          return format(date);
        };
      },
    });
    try {
      for (let day = 0; day < 30; day++) clock.offsetMinutes('Europe/Madrid', Date.UTC(2026, 6, 1 + day, 18));
    } finally {
      Object.defineProperty(Intl.DateTimeFormat.prototype, 'format', formatOf);
    }
    expect(asked).to.equal(31);
    for (let day = 0; day < 30; day++)
      expect(clock.offsetMinutes('Europe/Madrid', Date.UTC(2026, 6, 1 + day, 18))).to.equal(120);
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
