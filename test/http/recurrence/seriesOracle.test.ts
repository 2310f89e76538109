// Property: for random rules in zones with daylight-saving changes, the occurrences GET /events lists for a series
// created through the API equal the expansion by an independent implementation, rrule-temporal (docs/api.md §20.1).
import { expect } from 'chai';
import fc from 'fast-check';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, asObject, bodyOf, eventsOf } from '../events/support/eventsApi.ts';
import { oracleStarts, ruleArbitrary } from '../../domain/recurrence/oracleRules.ts';
import { horizonEnd } from '../../../src/commands/events/seriesPlanning.ts';
import { testZones } from '../../support/memos.ts';

function oracleOrNothing<T>(expansion: () => T): T | undefined {
  try {
    return expansion();
  } catch {
    return undefined;
  }
}

const now = new Date('2026-01-01T00:00:00Z');
const horizonMonths = 48;

describe('Series occurrences agree with an independent RFC 5545 implementation (docs/api.md §20.1)', function () {
  this.timeout(180_000);
  let t: TestService;
  before(async () => {
    t = await startTestService({ CAL_RECURRENCE_HORIZON_MONTHS: String(horizonMonths) });
    t.setNow(now);
  });
  after(async () => t.close());

  /** Every start of the series' occurrences, page by page. */
  async function occurrenceStarts(series: number): Promise<string[]> {
    const starts: string[] = [];
    for (let page = 1; ; page++) {
      const window = 'start_date=2024-01-01&end_date=2031-12-31';
      const query = `post_parent=${String(series)}&${window}&per_page=50&page=${String(page)}`;
      const res = await t.admin('GET', `${API}/events?${query}`);
      if (res.status === 400) break;
      expect(res.status, res.text).to.equal(200);
      const events = eventsOf(res);
      starts.push(...events.map((event) => event.start_date as string));
      if (events.length < 50) break;
    }
    return starts;
  }

  it('for random rules in Madrid, New York, Sydney and Santiago, through the API', async () => {
    await fc.assert(
      fc.asyncProperty(ruleArbitrary, async ({ zone, start, lines, rule }) => {
        const last = horizonEnd(now, horizonMonths, zone, testZones);
        const oracle = oracleOrNothing(() => oracleStarts(zone, start, lines, rule, last));
        // A rule the oracle cannot expand (it gives up after its iteration limit) proves nothing either way.
        fc.pre(oracle !== undefined);
        const { starts: expected, ruleGives } = oracle as NonNullable<typeof oracle>;
        const end = start.replace(/ \d\d:/, (hour) => ` ${String(Number(hour.slice(1, 3))).padStart(2, '0')}:`);
        const res = await t.admin('POST', `${API}/events`, {
          body: { title: 'Oracle', timezone: zone, start_date: start, end_date: end, recurrence: lines },
        });
        if (res.status === 400) {
          const code = asObject(asObject(asObject(bodyOf(res).data).details).recurrence).code;
          if (code === 'recurrence-until-before-start') return void expect(rule).to.match(/UNTIL=\d{8}T\d{6}Z$/);
          expect(code).to.equal('recurrence-no-occurrence');
          expect(ruleGives === 0 || expected.length === 0).to.equal(true);
          return;
        }
        expect(res.status, res.text).to.equal(201);
        const series = bodyOf(res);
        expect(series.start_date).to.equal(start);
        expect(await occurrenceStarts(series.id as number)).to.deep.equal(expected.filter((s) => s !== start));
      }),
      { seed: 20261127, numRuns: 30, endOnFailure: true },
    );
  });
});
