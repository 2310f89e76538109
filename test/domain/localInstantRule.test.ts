// The one rule by which a local time becomes an instant (docs/api.md §1.3): inside a daylight-saving gap the offset
// from before the gap applies, a time that occurs twice is the first of the two, and the answer never depends on
// the date the code runs. Each case is asked with luxon's clock (the only clock the conversions could read) stopped
// on a winter date and on a summer date of both hemispheres.
import { expect } from 'chai';
import { readDateTimeInput } from '../../src/domain/dateTimeInput.ts';
import { existingLocalTime, localToInstant, localToUtc, toIsoWithOffset } from '../../src/domain/localDateTime.ts';
import { instantOfReading } from '../../src/domain/recurrence/zonedReadings.ts';
import { ZoneClock } from '../../src/domain/timeZone.ts';
import { atTime } from './support/luxonClock.ts';

interface Case {
  readonly zone: string;
  readonly local: string;
  /** The instant, as its UTC reading. */
  readonly utc: string;
  /** What the zone's clocks show then, with the offset (a gap's reading moves on by the gap's length). */
  readonly shown: string;
}

const gaps: readonly Case[] = [
  {
    zone: 'Europe/Madrid',
    local: '2026-03-29 02:30:00',
    utc: '2026-03-29 01:30:00',
    shown: '2026-03-29T03:30:00+02:00',
  },
  {
    zone: 'America/New_York',
    local: '2026-03-08 02:30:00',
    utc: '2026-03-08 07:30:00',
    shown: '2026-03-08T03:30:00-04:00',
  },
  {
    zone: 'Australia/Sydney',
    local: '2026-10-04 02:30:00',
    utc: '2026-10-03 16:30:00',
    shown: '2026-10-04T03:30:00+11:00',
  },
  {
    zone: 'America/Santiago',
    local: '2026-09-06 00:30:00',
    utc: '2026-09-06 04:30:00',
    shown: '2026-09-06T01:30:00-03:00',
  },
  {
    zone: 'Europe/London',
    local: '2026-03-29 01:30:00',
    utc: '2026-03-29 01:30:00',
    shown: '2026-03-29T02:30:00+01:00',
  },
];

const overlaps: readonly Case[] = [
  {
    zone: 'Europe/Madrid',
    local: '2026-10-25 02:30:00',
    utc: '2026-10-25 00:30:00',
    shown: '2026-10-25T02:30:00+02:00',
  },
  {
    zone: 'America/New_York',
    local: '2026-11-01 01:30:00',
    utc: '2026-11-01 05:30:00',
    shown: '2026-11-01T01:30:00-04:00',
  },
  {
    zone: 'Australia/Sydney',
    local: '2026-04-05 02:30:00',
    utc: '2026-04-04 15:30:00',
    shown: '2026-04-05T02:30:00+11:00',
  },
  {
    zone: 'America/Santiago',
    local: '2026-04-04 23:30:00',
    utc: '2026-04-05 02:30:00',
    shown: '2026-04-04T23:30:00-03:00',
  },
  {
    zone: 'Europe/London',
    local: '2026-10-25 01:30:00',
    utc: '2026-10-25 00:30:00',
    shown: '2026-10-25T01:30:00+01:00',
  },
];

/** January and July: winter in the north and summer in the south, then the other way round. */
const runDates = { january: Date.UTC(2026, 0, 15, 12), july: Date.UTC(2026, 6, 15, 12) };

const utcMs = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}Z`);

for (const [kind, cases] of [
  ['gap', gaps],
  ['overlap', overlaps],
] as const) {
  describe(
    `a local time in a DST ${kind} becomes ` +
      `${kind === 'gap' ? 'an instant with the offset before the gap' : 'its first instant'}`,
    () => {
      for (const { zone, local, utc, shown } of cases) {
        for (const [month, now] of Object.entries(runDates)) {
          it(`${zone} ${local}, run in ${month}`, () => {
            atTime(now, () => {
              const zones = new ZoneClock();
              expect(localToUtc(local, zone, zones), 'localToUtc').to.equal(utc);
              expect(localToInstant(local, zone, zones), 'localToInstant').to.equal(utcMs(utc));
              expect(toIsoWithOffset(local, zone, zones), 'toIsoWithOffset').to.equal(shown);
              expect(existingLocalTime(local, zone, zones), 'existingLocalTime').to.equal(
                shown.slice(0, 19).replace('T', ' '),
              );
              expect(instantOfReading(local, zone, zones), 'instantOfReading').to.equal(utcMs(utc));
            });
          });
          it(`${zone} ${local} written with its zone and read in UTC, run in ${month}`, () => {
            const reading = atTime(now, () =>
              readDateTimeInput(`${local} ${zone}`, 'UTC', new Date(now), new ZoneClock()),
            );
            expect(reading).to.deep.equal({ ok: true, local: utc, namedZone: zone });
          });
        }
      }
    },
  );
}
