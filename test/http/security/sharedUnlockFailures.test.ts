// Specifies that failed unlocks of item passwords (docs/api.md §12) are counted in one log shared by every API
// instance when there is one (MongoDB's `failed_unlocks`): two instances allow the limit once, not twice, and the
// answers are those of one instance. The shared log here is the in-process FailureLog both instances are given.
import { expect } from 'chai';
import { inject } from 'light-my-request';
import type Koa from 'koa';
import { MemoryFailureLog } from '../../../src/http/auth/failureLog.ts';
import { appBeside, partsBeside } from '../../support/appBeside.ts';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf } from '../events/support/eventsApi.ts';

const limitEnv = { CAL_UNLOCK_MAX_FAILURES: '3', CAL_UNLOCK_FAILURE_WINDOW_SECONDS: '60' };

describe('failed unlocks across API instances sharing one log', function () {
  this.timeout(60_000);
  let t: TestService;
  let id: number;
  const clock = () => new Date('2026-11-22T10:00:00Z');

  before(async () => {
    t = await startTestService(limitEnv);
    const body = { title: 'Guarded', start_date: '2026-12-01 18:00:00', end_date: '2026-12-01 20:00:00' };
    id = bodyOf(await t.admin('POST', `${API}/events`, { body })).id as number;
    expect((await t.admin('PATCH', `${API}/events/${id}`, { body: { password: 'right' } })).status).to.equal(200);
  });
  after(async () => t.close());

  const instances = (shared: MemoryFailureLog | undefined): Koa[] =>
    [1, 2].map(() => {
      const { parts } = partsBeside(t, clock, { env: limitEnv, ...(shared ? { unlockFailures: shared } : {}) });
      return appBeside(t, parts, clock);
    });
  const read = async (app: Koa, password: string) =>
    (await inject(app.callback(), { method: 'GET', url: `${API}/events/${id}?password=${password}` })).statusCode;

  it('allows three failed unlocks in all, then 429 on both instances, the right password included', async () => {
    const [a, b] = instances(new MemoryFailureLog(100)) as [Koa, Koa];
    expect(await read(a, 'right')).to.equal(200);
    const guesses = [await read(a, 'guess-1'), await read(b, 'guess-2'), await read(a, 'guess-3')];
    expect(guesses).to.deep.equal([403, 403, 403]);
    expect([await read(b, 'guess-4'), await read(a, 'right'), await read(b, 'right')]).to.deep.equal([429, 429, 429]);
  });

  it('(what it replaces) allows three per instance when each counts on its own', async () => {
    const [a, b] = instances(undefined) as [Koa, Koa];
    const guesses = [1, 2, 3].flatMap((n) => [read(a, `guess-a${n}`), read(b, `guess-b${n}`)]);
    expect(await Promise.all(guesses)).to.deep.equal([403, 403, 403, 403, 403, 403]);
    expect([await read(a, 'right'), await read(b, 'right')]).to.deep.equal([429, 429]);
  });
});
