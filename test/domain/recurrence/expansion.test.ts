// Worked examples of expanding a series (docs/api.md §20.1): wall-clock starts in the event's own zone.
import { expect } from 'chai';
import { checkRecurrence } from '../../../src/domain/recurrence/recurrenceInput.ts';
import { ZoneClock } from '../../../src/domain/timeZone.ts';

/** The zone clock the composition root would hand down. */
const zones = new ZoneClock();

const horizon = { horizonEnd: '2040-12-31 23:59:59', maxCount: 1000 };

function starts(lines: readonly string[], start: string, zone = 'Europe/Madrid', allDay = false): readonly string[] {
  const reading = checkRecurrence(lines, { start, zone, allDay }, horizon, zones);
  if (!reading.ok) throw new Error(`refused: ${reading.reason.code}`);
  return reading.recurrence.expansion.starts;
}

describe('expand', () => {
  it('a weekly class every Tuesday at 19:00 until June keeps 19:00 across the March change to summer time', () => {
    const classes = starts(['RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20260630'], '2026-01-06 19:00:00');
    expect(classes).to.have.length(26);
    expect(classes.slice(10, 14)).to.deep.equal([
      '2026-03-17 19:00:00',
      '2026-03-24 19:00:00',
      '2026-03-31 19:00:00',
      '2026-04-07 19:00:00',
    ]);
    expect(classes.at(-1)).to.equal('2026-06-30 19:00:00');
  });

  it('a UTC UNTIL is an instant: 17:00Z on 30 June is 19:00 in Madrid, so that class is the last', () => {
    expect(starts(['RRULE:FREQ=WEEKLY;UNTIL=20260630T170000Z'], '2026-01-06 19:00:00').at(-1)).to.equal(
      '2026-06-30 19:00:00',
    );
    expect(starts(['RRULE:FREQ=WEEKLY;UNTIL=20260630T165959Z'], '2026-01-06 19:00:00').at(-1)).to.equal(
      '2026-06-23 19:00:00',
    );
  });

  it('monthly on the second Tuesday', () => {
    expect(starts(['RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=4'], '2026-01-13 18:30:00')).to.deep.equal([
      '2026-01-13 18:30:00',
      '2026-02-10 18:30:00',
      '2026-03-10 18:30:00',
      '2026-04-14 18:30:00',
    ]);
  });

  it('daily with exceptions: EXDATE removes by reading, in the event zone, in UTC, or as a whole day', () => {
    expect(
      starts(
        ['RRULE:FREQ=DAILY;COUNT=6', 'EXDATE:20260302T090000', 'EXDATE:20260303T080000Z', 'EXDATE;VALUE=DATE:20260304'],
        '2026-03-01 09:00:00',
      ),
    ).to.deep.equal(['2026-03-01 09:00:00', '2026-03-05 09:00:00', '2026-03-06 09:00:00']);
  });

  it('RDATE adds, from another zone too, in order', () => {
    expect(
      starts(['RRULE:FREQ=WEEKLY;COUNT=2', 'RDATE;TZID=America/New_York:20260109T120000'], '2026-01-06 19:00:00'),
    ).to.deep.equal(['2026-01-06 19:00:00', '2026-01-09 18:00:00', '2026-01-13 19:00:00']);
  });

  it('yearly on February 29 skips the years without one', () => {
    expect(starts(['RRULE:FREQ=YEARLY;COUNT=3'], '2024-02-29 10:00:00')).to.deep.equal([
      '2024-02-29 10:00:00',
      '2028-02-29 10:00:00',
      '2032-02-29 10:00:00',
    ]);
  });

  it('BYSETPOS=-1: the last weekday of each month', () => {
    expect(
      starts(['RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=4'], '2026-01-30 17:00:00'),
    ).to.deep.equal(['2026-01-30 17:00:00', '2026-02-27 17:00:00', '2026-03-31 17:00:00', '2026-04-30 17:00:00']);
  });

  it('negative BYMONTHDAY: the second-to-last day of each month', () => {
    expect(starts(['RRULE:FREQ=MONTHLY;BYMONTHDAY=-2;COUNT=3'], '2026-01-30 10:00:00')).to.deep.equal([
      '2026-01-30 10:00:00',
      '2026-02-27 10:00:00',
      '2026-03-30 10:00:00',
    ]);
  });

  it('keeps a wall-clock time that falls in a daylight-saving gap as the rule gave it (§20.4 applies later)', () => {
    expect(starts(['RRULE:FREQ=DAILY;COUNT=3'], '2026-03-28 02:30:00')).to.deep.equal([
      '2026-03-28 02:30:00',
      '2026-03-29 02:30:00',
      '2026-03-30 02:30:00',
    ]);
  });

  it('all-day events recur by date', () => {
    expect(
      starts(
        ['RRULE:FREQ=WEEKLY;UNTIL=20260120T120000', 'EXDATE:20260113T000000'],
        '2026-01-06 00:00:00',
        'Australia/Sydney',
        true,
      ),
    ).to.deep.equal(['2026-01-06 00:00:00', '2026-01-20 00:00:00']);
  });

  it('stops at the horizon for an open-ended rule', () => {
    const reading = checkRecurrence(
      ['RRULE:FREQ=MONTHLY'],
      { start: '2026-01-15 10:00:00', zone: 'UTC', allDay: false },
      {
        horizonEnd: '2026-06-15 10:00:00',
        maxCount: 1000,
      },
      zones,
    );
    expect(reading.ok && reading.recurrence.expansion.starts).to.have.length(6);
  });
});
