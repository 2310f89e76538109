// ZonedIsoTimes: json_ld date-times with their zone's offset (docs/api.md §4.6), read once per zone and local time.
import { expect } from 'chai';
import { toIsoWithOffset } from '../../../src/domain/localDateTime.ts';
import { ZonedIsoTimes } from '../../../src/http/representation/zonedIsoTimes.ts';
import { testZones } from '../../support/memos.ts';

/** Ordinary times, a daylight-saving gap and an overlap, a half-hour zone, local mean time. */
const readings: [string, string][] = [
  ['2026-12-16 09:00:00', 'UTC'],
  ['2026-03-29 02:30:00', 'Europe/Madrid'],
  ['2026-10-25 02:30:00', 'Europe/Madrid'],
  ['2026-07-01 12:00:00', 'Asia/Kolkata'],
  ['1850-01-01 12:00:00', 'America/New_York'],
  ['2026-11-01 01:30:00', 'America/New_York'],
];

describe('ZonedIsoTimes', () => {
  it('reads every local time as toIsoWithOffset does, again from memory', () => {
    const times = new ZonedIsoTimes(testZones);
    for (const [local, zone] of [...readings, ...readings])
      expect(times.of(local, zone), `${local} ${zone}`).to.equal(toIsoWithOffset(local, zone, testZones));
  });

  it('tells zones apart for the same local time', () => {
    const times = new ZonedIsoTimes(testZones);
    expect(times.of('2026-07-01 12:00:00', 'UTC')).to.equal('2026-07-01T12:00:00+00:00');
    expect(times.of('2026-07-01 12:00:00', 'Europe/Madrid')).to.equal('2026-07-01T12:00:00+02:00');
  });

  it('keeps at most its capacity', () => {
    const times = new ZonedIsoTimes(testZones, 2);
    for (const [local, zone] of readings) times.of(local, zone);
    expect(times.size).to.equal(2);
  });
});
