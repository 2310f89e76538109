// Property: for random rules in zones with daylight-saving changes, the occurrences equal those of an independent
// implementation, rrule-temporal (Temporal-based, run in the event's zone), used here as the oracle only.
import { expect } from 'chai';
import fc from 'fast-check';
import { horizon, oracleStarts, ruleArbitrary } from './oracleRules.ts';
import { checkRecurrence } from '../../../src/domain/recurrence/recurrenceInput.ts';
import { ZoneClock } from '../../../src/domain/timeZone.ts';

/** The zone clock the composition root would hand down. */
const zones = new ZoneClock();

describe('expand agrees with an independent RFC 5545 implementation', () => {
  it('for random rules in Madrid, New York, Sydney and Santiago', () => {
    fc.assert(
      fc.property(ruleArbitrary, ({ zone, start, lines, rule }) => {
        const { starts: expected, ruleGives } = oracleStarts(zone, start, lines, rule);
        const reading = checkRecurrence(lines, { start, zone, allDay: false }, horizon, zones);
        if (!reading.ok) {
          // Refused only when the rule gives nothing (past the start it is made from) or nothing is left.
          // A UTC UNTIL can fall before the start's instant: then the refusal names UNTIL.
          if (reading.reason.code === 'recurrence-until-before-start') {
            expect(rule).to.match(/UNTIL=\d{8}T\d{6}Z$/);
            return;
          }
          expect(reading.reason.code).to.equal('recurrence-no-occurrence');
          expect(ruleGives === 0 || expected.length === 0).to.equal(true);
          return;
        }
        expect(reading.recurrence.expansion.starts).to.deep.equal(expected);
      }),
      { seed: 20260616, numRuns: 120 },
    );
  });
});
