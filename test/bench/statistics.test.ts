// The benchmark's arithmetic: percentiles, medians over rounds, the error verdicts, ratios, and the request walks.
import { expect } from 'chai';
import { median, percentile, ratio, summarizeRounds } from '../../bench/rounds.ts';
import type { RoundResult } from '../../bench/loadSpec.ts';
import { plannedRequest, scatteredStep, type RequestPlan } from '../../bench/requestPlans.ts';
import { jsonBodyOfSize } from '../../bench/bareKoa.ts';
import { startScriptNodeFlags } from '../../bench/nodeProcesses.ts';

const round = (requestsPerSecond: number, p99Ms: number, failures: Partial<RoundResult> = {}): RoundResult => ({
  seconds: 1,
  ok: requestsPerSecond,
  non2xx: 0,
  errors: 0,
  requestsPerSecond,
  p50Ms: 1,
  p99Ms,
  otherStatuses: {},
  ...failures,
});

describe('bench statistics', () => {
  it('takes nearest-rank percentiles of ascending values', () => {
    const values = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).to.equal(50);
    expect(percentile(values, 0.99)).to.equal(99);
    expect(percentile([7], 0.99)).to.equal(7);
    expect(percentile([], 0.5)).to.equal(0);
  });

  it('takes the median of unordered values, averaging the middle pair of an even count', () => {
    expect(median([30, 10, 20])).to.equal(20);
    expect(median([40, 10, 30, 20])).to.equal(25);
    expect(median([])).to.equal(0);
  });

  it('summarizes rounds by the median of each figure on its own', () => {
    const summary = summarizeRounds([round(900, 12), round(1000, 4), round(1100, 8)]);
    expect(summary.requestsPerSecond).to.equal(1000);
    expect(summary.p99Ms).to.equal(8);
    expect(summary.ok).to.equal(3000);
    expect(summary.flagged).to.equal(false);
    expect(summary.broken).to.equal(false);
  });

  it('flags a scenario with some errors and calls one without any 2xx broken', () => {
    const flagged = summarizeRounds([
      round(1000, 4),
      round(990, 4, { non2xx: 3, otherStatuses: { 500: 3 } }),
      round(980, 4, { errors: 1 }),
    ]);
    expect(flagged).to.include({ flagged: true, broken: false, non2xx: 3, errors: 1 });
    expect(flagged.otherStatuses).to.deep.equal({ 500: 3 });
    const broken = summarizeRounds([round(0, 0, { ok: 0, non2xx: 5000, otherStatuses: { 404: 5000 } })]);
    expect(broken).to.include({ flagged: true, broken: true });
  });

  it('gives no ratio against a reference that measured nothing', () => {
    expect(ratio(500, 1000)).to.equal(0.5);
    expect(ratio(500, 0)).to.equal(undefined);
  });
});

describe('bench request plans', () => {
  it('walks every event id once per lap, starting where the previous run stopped', () => {
    for (const count of [7, 98, 3920, 98_000]) {
      const step = scatteredStep(count);
      expect(step).to.be.above(1);
      const plan: RequestPlan = {
        kind: 'readEvents',
        method: 'GET',
        prefix: '/events/',
        firstId: 100,
        count,
        start: 0,
      };
      const ids = new Set(Array.from({ length: count }, (_, n) => plannedRequest(plan, n).path));
      expect(ids.size, `count ${count}`).to.equal(count);
      expect(plannedRequest({ ...plan, start: 5 }, 0).path).to.equal(plannedRequest(plan, 5).path);
    }
  });

  it('updates with a body and no If-Match, and creates events with unique titles linked to the given items', () => {
    const update = plannedRequest(
      { kind: 'updateEvents', method: 'PATCH', prefix: '/e/', firstId: 1, count: 10, start: 0 },
      3,
    );
    expect(JSON.parse(update.body ?? '')).to.have.keys('description', 'featured');
    const plan: RequestPlan = {
      kind: 'createEvents',
      method: 'POST',
      path: '/events',
      runTag: 'run',
      links: { venue: 1, organizer: 2, category: 3, tag: 4 },
      month: '2027-03',
    };
    const bodies = Array.from(
      { length: 100 },
      (_, n) => JSON.parse(plannedRequest(plan, n).body ?? '') as Record<string, unknown>,
    );
    expect(new Set(bodies.map((body) => body.title)).size).to.equal(100);
    expect(bodies[0]).to.include({ venue: 1 });
    expect(bodies[0]?.categories).to.deep.equal([3]);
    expect(String(bodies[27]?.start_date)).to.match(/^2027-03-28 /);
  });
});

describe('bench processes', () => {
  it('builds bare Koa bodies of exactly the asked size, as valid JSON', () => {
    for (const bytes of [12, 4195, 38_041]) {
      const body = jsonBodyOfSize(bytes);
      expect(body.length).to.equal(bytes);
      expect(JSON.parse(body.toString())).to.have.key('pad');
    }
  });

  it("reads Node's flags from the start script, so every child process starts like the service", () => {
    expect(
      startScriptNodeFlags(
        JSON.stringify({ scripts: { start: 'node --max-semi-space-size=32 --import tsx src/main.ts' } }),
      ),
    ).to.deep.equal(['--max-semi-space-size=32', '--import', 'tsx']);
    expect(() => startScriptNodeFlags(JSON.stringify({ scripts: { start: 'tsx src/main.ts' } }))).to.throw(
      /start script/,
    );
  });
});
