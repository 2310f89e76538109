// Specification of reading `recurrence` (docs/api.md §20.1): every refusal has its reason, worded in en/ca/es.
import { expect } from 'chai';
import { checkRecurrence } from '../../../src/domain/recurrence/recurrenceInput.ts';
import type { RecurrenceReason } from '../../../src/domain/recurrence/recurrenceReasons.ts';
import { recurrenceReasonText, recurrenceReasonTexts } from '../../../src/domain/recurrence/recurrenceReasonTexts.ts';
import { ZoneClock } from '../../../src/domain/timeZone.ts';

/** The zone clock the composition root would hand down. */
const zones = new ZoneClock();

const tuesdayClass = { start: '2026-01-06 19:00:00', zone: 'Europe/Madrid', allDay: false };
const window = { horizonEnd: '2028-01-06 00:00:00', maxCount: 1000 };

const refusals: ReadonlyArray<readonly [string, unknown, RecurrenceReason]> = [
  ['a number', 42, { code: 'recurrence-not-a-list' }],
  ['a list holding a non-string', ['RRULE:FREQ=DAILY', 3], { code: 'recurrence-not-a-list' }],
  [
    'a line of another property',
    ['DTSTART:20260106T190000'],
    { code: 'recurrence-other-property', line: 'DTSTART:20260106T190000' },
  ],
  ['EXRULE', ['EXRULE:FREQ=DAILY'], { code: 'recurrence-other-property', line: 'EXRULE:FREQ=DAILY' }],
  ['no colon', ['RRULE FREQ=DAILY'], { code: 'recurrence-unreadable', line: 'RRULE FREQ=DAILY' }],
  [
    'a part without a value',
    ['RRULE:FREQ=DAILY;COUNT'],
    { code: 'recurrence-unreadable', line: 'RRULE:FREQ=DAILY;COUNT' },
  ],
  [
    'an unknown part',
    ['RRULE:FREQ=DAILY;EVERY=2'],
    { code: 'recurrence-unreadable', line: 'RRULE:FREQ=DAILY;EVERY=2' },
  ],
  [
    'an unknown frequency',
    ['RRULE:FREQ=FORTNIGHTLY'],
    { code: 'recurrence-unreadable', line: 'RRULE:FREQ=FORTNIGHTLY' },
  ],
  [
    'a part given twice',
    ['RRULE:FREQ=DAILY;COUNT=2;COUNT=3'],
    { code: 'recurrence-unreadable', line: 'RRULE:FREQ=DAILY;COUNT=2;COUNT=3' },
  ],
  ['an impossible date', ['EXDATE:20260230T190000'], { code: 'recurrence-unreadable', line: 'EXDATE:20260230T190000' }],
  [
    'a PERIOD value',
    ['RDATE;VALUE=PERIOD:20260110T190000/PT1H'],
    { code: 'recurrence-unreadable', line: 'RDATE;VALUE=PERIOD:20260110T190000/PT1H' },
  ],
  [
    'an unknown parameter',
    ['RDATE;X-FOO=1:20260110T190000'],
    { code: 'recurrence-unreadable', line: 'RDATE;X-FOO=1:20260110T190000' },
  ],
  [
    'an unknown zone',
    ['RDATE;TZID=Mars/Olympus:20260110T190000'],
    { code: 'recurrence-unknown-time-zone', value: 'Mars/Olympus' },
  ],
  ['a missing FREQ', ['RRULE:COUNT=3'], { code: 'recurrence-missing-freq' }],
  ['COUNT with UNTIL', ['RRULE:FREQ=DAILY;COUNT=3;UNTIL=20260301'], { code: 'recurrence-count-with-until' }],
  ['UNTIL before the start', ['RRULE:FREQ=DAILY;UNTIL=20260105'], { code: 'recurrence-until-before-start' }],
  [
    'a UTC UNTIL before the start',
    ['RRULE:FREQ=DAILY;UNTIL=20260106T175959Z'],
    { code: 'recurrence-until-before-start' },
  ],
  [
    'an RDATE before the start',
    ['RDATE:20260101T190000'],
    { code: 'recurrence-date-before-start', value: '2026-01-01 19:00:00' },
  ],
  [
    'BYMONTH=13',
    ['RRULE:FREQ=YEARLY;BYMONTH=13'],
    { code: 'recurrence-value-out-of-range', part: 'BYMONTH', value: '13' },
  ],
  [
    'BYMONTHDAY=0',
    ['RRULE:FREQ=MONTHLY;BYMONTHDAY=0'],
    { code: 'recurrence-value-out-of-range', part: 'BYMONTHDAY', value: '0' },
  ],
  [
    'BYMONTHDAY=-32',
    ['RRULE:FREQ=MONTHLY;BYMONTHDAY=1,-32'],
    { code: 'recurrence-value-out-of-range', part: 'BYMONTHDAY', value: '-32' },
  ],
  [
    'BYDAY=6TU monthly',
    ['RRULE:FREQ=MONTHLY;BYDAY=6TU'],
    { code: 'recurrence-value-out-of-range', part: 'BYDAY', value: '6TU' },
  ],
  [
    'an ordinal BYDAY weekly',
    ['RRULE:FREQ=WEEKLY;BYDAY=2TU'],
    { code: 'recurrence-value-out-of-range', part: 'BYDAY', value: '2TU' },
  ],
  ['BYHOUR=24', ['RRULE:FREQ=DAILY;BYHOUR=24'], { code: 'recurrence-value-out-of-range', part: 'BYHOUR', value: '24' }],
  [
    'BYSETPOS=0',
    ['RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0'],
    { code: 'recurrence-value-out-of-range', part: 'BYSETPOS', value: '0' },
  ],
  [
    'INTERVAL=0',
    ['RRULE:FREQ=DAILY;INTERVAL=0'],
    { code: 'recurrence-value-out-of-range', part: 'INTERVAL', value: '0' },
  ],
  ['two RRULE lines', ['RRULE:FREQ=DAILY', 'RRULE:FREQ=WEEKLY'], { code: 'recurrence-two-rules' }],
  ['February 30', ['RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'], { code: 'recurrence-no-occurrence' }],
  ['every date excluded', ['RRULE:FREQ=DAILY;COUNT=1', 'EXDATE:20260106T190000'], { code: 'recurrence-no-occurrence' }],
  [
    'an open daily rule past the maximum',
    ['RRULE:FREQ=DAILY'],
    { code: 'recurrence-too-many-occurrences', limit: 500 },
  ],
];

describe('checkRecurrence refuses', () => {
  for (const [what, input, reason] of refusals) {
    it(`${what}: ${reason.code}`, () => {
      const maxCount = reason.code === 'recurrence-too-many-occurrences' ? reason.limit : window.maxCount;
      expect(checkRecurrence(input, tuesdayClass, { ...window, maxCount }, zones)).to.deep.equal({ ok: false, reason });
    });
  }

  it('words every reason in English, Catalan and Spanish, with its values filled in', () => {
    for (const [, , reason] of refusals) {
      for (const language of ['en', 'ca', 'es'] as const) {
        const text = recurrenceReasonText(reason, language);
        expect(text, `${reason.code} ${language}`)
          .to.not.match(/\{\w+\}/)
          .and.not.equal('');
        if ('line' in reason) expect(text).to.contain(reason.line);
        if ('limit' in reason) expect(text).to.contain(String(reason.limit));
      }
    }
    const covered = new Set(refusals.map(([, , reason]) => reason.code));
    expect([...covered].sort()).to.deep.equal(Object.keys(recurrenceReasonTexts).sort());
  });
});

describe('checkRecurrence accepts', () => {
  it('a string holding one line as a list of one, keeping the lines as sent', () => {
    const reading = checkRecurrence(' RRULE:FREQ=WEEKLY;COUNT=3 ', tuesdayClass, window, zones);
    expect(reading.ok && reading.recurrence.lines).to.deep.equal(['RRULE:FREQ=WEEKLY;COUNT=3']);
    expect(reading.ok && reading.recurrence.expansion.starts).to.deep.equal([
      '2026-01-06 19:00:00',
      '2026-01-13 19:00:00',
      '2026-01-20 19:00:00',
    ]);
  });

  it('lower-case names, as RFC 5545 makes them case-insensitive', () => {
    expect(checkRecurrence(['rrule:freq=weekly;byday=tu;count=2'], tuesdayClass, window, zones).ok).to.equal(true);
  });

  it('exactly the maximum within the horizon', () => {
    expect(
      checkRecurrence(['RRULE:FREQ=DAILY;COUNT=500'], tuesdayClass, { ...window, maxCount: 500 }, zones).ok,
    ).to.equal(true);
  });
});
