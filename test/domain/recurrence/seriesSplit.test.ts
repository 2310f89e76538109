// The lines of a series split at one occurrence (docs/api.md §20.3): the old rule ends just before it, the new one
// takes the rest of a COUNT (counted by the expansion), the same UNTIL, and the added dates from the split on.
import { expect } from 'chai';
import { splitRecurrence } from '../../../src/domain/recurrence/seriesSplit.ts';
import { testZones } from '../../support/memos.ts';

const start = { start: '2026-12-01 19:00:00', zone: 'Europe/Madrid', allDay: false };

describe('splitRecurrence', () => {
  it('ends the old rule one second before the split and gives the new one the rest of COUNT', () => {
    expect(splitRecurrence(['RRULE:FREQ=WEEKLY;COUNT=6'], start, '2026-12-15 19:00:00', testZones)).to.deep.equal({
      before: ['RRULE:FREQ=WEEKLY;UNTIL=20261215T185959'],
      after: ['RRULE:FREQ=WEEKLY;COUNT=4'],
    });
  });

  it('keeps an UNTIL or an open rule as it was in the new series', () => {
    const lines = ['RRULE:FREQ=DAILY;UNTIL=20270101', 'RRULE:FREQ=DAILY'];
    expect(splitRecurrence([lines[0] as string], start, '2026-12-03 19:00:00', testZones).after).to.deep.equal([
      lines[0],
    ]);
    expect(splitRecurrence([lines[1] as string], start, '2026-12-03 19:00:00', testZones)).to.deep.equal({
      before: ['RRULE:FREQ=DAILY;UNTIL=20261203T185959'],
      after: ['RRULE:FREQ=DAILY'],
    });
  });

  it('counts a COUNT with the rule alone, whatever EXDATE removed', () => {
    const lines = ['RRULE:FREQ=DAILY;COUNT=3', 'EXDATE;TZID=Europe/Madrid:20261202T190000'];
    expect(splitRecurrence(lines, start, '2026-12-03 19:00:00', testZones)).to.deep.equal({
      before: ['RRULE:FREQ=DAILY;UNTIL=20261203T185959', lines[1]],
      after: ['RRULE:FREQ=DAILY;COUNT=1', lines[1]],
    });
  });

  it('gives the new series only the RDATE lines from the split on', () => {
    const early = 'RDATE;TZID=Europe/Madrid:20261205T100000';
    const late = 'RDATE;TZID=Europe/Madrid:20261220T100000';
    const split = splitRecurrence(['RRULE:FREQ=WEEKLY;COUNT=4', early, late], start, '2026-12-15 19:00:00', testZones);
    expect(split.before).to.deep.equal(['RRULE:FREQ=WEEKLY;UNTIL=20261215T185959', early, late]);
    expect(split.after).to.deep.equal(['RRULE:FREQ=WEEKLY;COUNT=2', late]);
  });

  it('ends an all-day rule the day before', () => {
    const allDay = { start: '2026-12-01 00:00:00', zone: 'UTC', allDay: true };
    expect(splitRecurrence(['RRULE:FREQ=DAILY'], allDay, '2026-12-04 00:00:00', testZones).before).to.deep.equal([
      'RRULE:FREQ=DAILY;UNTIL=20261203',
    ]);
  });
});
