// Specifies the zone answers feeds keep across renderings: the same as computing them each time.
import { expect } from 'chai';
import { CalendarMemo } from '../../../src/http/ical/calendarMemo.ts';
import { vtimezoneOf } from '../../../src/http/ical/vtimezone.ts';

describe('CalendarMemo', () => {
  it('gives the VTIMEZONE of each zone and span as computed afresh, the span included in what it keeps', () => {
    const memo = new CalendarMemo();
    for (const [zone, from, to] of [
      ['Europe/Madrid', 2025, 2027],
      ['Europe/Madrid', 2026, 2028],
      ['America/New_York', 2025, 2027],
      ['Europe/Madrid', 2025, 2027],
    ] as const) {
      expect(memo.vtimezone(zone, from, to), `${zone} ${from}-${to}`).to.equal(vtimezoneOf(zone, from, to));
    }
    expect(memo.vtimezone('Mars/Olympus_Mons', 2025, 2027)).to.equal(null);
  });

  it('knows the zones luxon knows, and only those', () => {
    const memo = new CalendarMemo();
    for (const zone of ['UTC', 'Europe/Madrid', 'UTC+5', 'Europe/Madrid'])
      expect(memo.zoneKnown(zone), zone).to.equal(true);
    for (const zone of ['Mars/Olympus_Mons', '', 'Mars/Olympus_Mons'])
      expect(memo.zoneKnown(zone), zone).to.equal(false);
  });
});
