// Occurrence ids and slugs are stable (docs/api.md §20.2): the same after a restart from the read-model snapshot,
// after a full replay of the store, and in a `cal rebuild` of it, because the series stream records them when planned.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, createEvent, eventsOf } from '../events/support/eventsApi.ts';
import type { ReadModelDigest } from '../../../src/projections/digest/readModelDigest.ts';

const window = 'start_date=2026-01-01 00:00:00&end_date=2029-12-31 23:59:59';

/** Every event the API lists (trashed ones too), as id, slug, start and title. */
async function listed(t: TestService): Promise<string[]> {
  const res = await t.admin('GET', `${API}/events?status=publish,trash&per_page=100&${window}`);
  expect(res.status, res.text).to.equal(200);
  return eventsOf(res).map((e) => [e.id, e.slug, e.start_date, e.title, e.recurring_event_id ?? '-'].join(' '));
}

async function digestOf(t: TestService): Promise<ReadModelDigest> {
  const head = String(await t.service.store.headPosition());
  for (let tries = 0; ; tries++) {
    const digest = (await t.admin('GET', `${API}/read-model/digest`)).body as ReadModelDigest;
    if (digest.position === head || tries === 100) return digest;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function cal(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { CAL_EVENTSTORE_URL: _e, CAL_MONGODB_URL: _m, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/cli/cal.ts', ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('Recurring series: stable occurrence ids and slugs (docs/api.md §20.2)', function () {
  this.timeout(90_000);
  let dir: string;
  let listedBefore: string[];
  let digest: ReadModelDigest;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cal-series-stable-'));
    const t = await startTestService({}, dir);
    const series = await createEvent(t, {
      title: 'Stable',
      timezone: 'America/New_York',
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 20:00:00',
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=8'],
    });
    await createEvent(t, { title: 'Stable', start_date: '2026-12-02 10:00:00', end_date: '2026-12-02 11:00:00' });
    const occurrences = eventsOf(await t.admin('GET', `${API}/events?post_parent=${String(series.id)}&${window}`));
    const [first, second, third, , fifth] = occurrences;
    await t.admin('PATCH', `${API}/events/${String(first?.id)}`, { body: { title: 'Stable (guest)' } });
    await t.admin('DELETE', `${API}/events/${String(second?.id)}`);
    await t.admin('PATCH', `${API}/events/${String(series.id)}`, { body: { excerpt: 'Every week' } });
    await t.admin('PATCH', `${API}/events/${String(fifth?.id)}?recurrence_scope=following`, {
      body: { title: 'Later' },
    });
    expect(bodyOf(await t.admin('GET', `${API}/events/${String(third?.id)}`)).slug).to.equal('stable-2026-12-22');
    listedBefore = await listed(t);
    digest = await digestOf(t);
    await t.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('are the same after a restart that loads the read-model snapshot', async () => {
    const t = await startTestService({}, dir);
    try {
      expect(await listed(t)).to.deep.equal(listedBefore);
      expect((await digestOf(t)).collections).to.deep.equal(digest.collections);
    } finally {
      await t.close();
    }
  });

  it('are the same after a restart that replays the whole store', async () => {
    const t = await startTestService({ CAL_READ_MODEL_SNAPSHOT: 'off' }, dir);
    try {
      expect(await listed(t)).to.deep.equal(listedBefore);
      expect((await digestOf(t)).collections).to.deep.equal(digest.collections);
    } finally {
      await t.close();
    }
  });

  it('are the same in a cal rebuild of the store', async () => {
    const run = await cal('--data-dir', dir, 'rebuild', '--json');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.include(digest.collections.events.digest);
  });
});
