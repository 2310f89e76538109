// The benchmark's scenarios fit its data set: on a service started over the quick seed, every scenario answers 2xx, and
// every list finds items (an empty list would measure nothing worth measuring).
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import { seed } from '../../bench/seed.ts';
import { layoutOf, quickShape } from '../../bench/seedShape.ts';
import { scenariosFor } from '../../bench/scenarios.ts';
import { plannedRequest } from '../../bench/requestPlans.ts';
import { adminAuth, captureTime, startTestService, type TestService } from '../support/testService.ts';

describe('bench scenarios over the quick seed', function () {
  this.timeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'cal-bench-test-'));
  let t: TestService;

  before(async () => {
    const store = await openLmdbEventStore(join(dir, 'events'));
    await seed(store, quickShape, captureTime);
    await store.close();
    t = await startTestService({}, dir);
    await t.service.runner?.caughtUp;
  });

  after(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every scenario with 2xx and finds items for every list', async () => {
    const totals: Record<string, number> = {};
    for (const scenario of scenariosFor(layoutOf(quickShape), captureTime)) {
      for (const n of [0, 1]) {
        const request = plannedRequest(scenario.plan, n);
        const response = await t.request(scenario.plan.method, request.path, {
          ...(request.body !== undefined ? { rawBody: request.body } : {}),
          ...(scenario.headers.authorization ? { auth: adminAuth } : {}),
          headers: Object.fromEntries(Object.entries(scenario.headers).filter(([name]) => name !== 'authorization')),
        });
        const label = `${scenario.label}: ${response.text.slice(0, 300)}`;
        if (scenario.expectedStatus !== undefined) expect(response.status, label).to.equal(scenario.expectedStatus);
        else expect(response.status, label).to.be.within(200, 299);
        if (scenario.list) totals[scenario.key] = Number(response.headers.get('x-cal-total'));
      }
    }
    for (const [key, total] of Object.entries(totals)) expect(total, key).to.be.above(0);
    // The search word marks about 1% of titles; the default window holds two of the three seeded years.
    expect(totals.listSearch).to.be.below((totals.listDefault ?? 0) / 20);
    expect(totals.listPage50).to.be.above(totals.listDefault ?? 0);
  });
});
