// Specifies how item passwords are kept and tried (docs/security.md, "Passwords"): salted argon2id in the store, old
// SHA-256 digests still opening their items and replaced by the next write that sets the password, and failed
// unlocks limited per client on the service's own clock.
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf } from '../events/support/eventsApi.ts';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const slot = { start_date: '2026-12-01 18:00:00', end_date: '2026-12-01 20:00:00' };
const legacyMetadata = {
  actor: '1',
  occurredAt: '2025-06-01T10:00:00.000Z',
  correlationId: 'c-legacy',
  causationId: 'c-legacy',
  schemaVersion: 1,
};

describe('item passwords: storage and failed unlocks', function () {
  this.timeout(60_000);
  let t: TestService;
  const start = new Date('2026-11-22T10:00:00Z');

  before(async () => {
    t = await startTestService({ CAL_UNLOCK_MAX_FAILURES: '3', CAL_UNLOCK_FAILURE_WINDOW_SECONDS: '60' });
    t.setNow(start);
  });
  after(async () => t.close());

  /** Created, then given its password by an update (§10.1: `password` is an update field). */
  const createEvent = async ({ password, ...body }: Record<string, unknown>): Promise<number> => {
    const res = await t.admin('POST', `${API}/events`, { body: { ...slot, ...body } });
    expect(res.status, res.text).to.equal(201);
    const id = bodyOf(res).id as number;
    if (password !== undefined)
      expect((await t.admin('PATCH', `${API}/events/${id}`, { body: { password } })).status).to.equal(200);
    return id;
  };
  /**
   * The `passwordHash` each event of the stream recorded: `null` in the creation, undefined when a change did not set
   * it.
   */
  const storedHashes = async (id: number): Promise<unknown[]> =>
    (await t.service.store.readStream(`event-${id}`)).map((event) => {
      const data = event.data as { facts?: Record<string, unknown>; changes?: Record<string, unknown> };
      return (data.facts ?? data.changes ?? {}).passwordHash;
    });

  it(
    'stores a salted argon2id hash: two events with one password hold different hashes, and no ' + 'SHA-256 of it',
    async () => {
      const first = await createEvent({ title: 'Gala one', password: 'same-password' });
      const second = await createEvent({ title: 'Gala two', password: 'same-password' });
      const [, a] = await storedHashes(first);
      const [, b] = await storedHashes(second);
      expect(a)
        .to.be.a('string')
        .and.match(/^\$argon2id\$/);
      expect(b)
        .to.be.a('string')
        .and.match(/^\$argon2id\$/);
      expect(a).to.not.equal(b);
      const everything = JSON.stringify(await t.service.store.readAll(), (_key, value: unknown) =>
        typeof value === 'bigint' ? String(value) : value,
      );
      expect(everything).to.not.include(sha256Hex('same-password'));
      expect(everything).to.not.include('same-password');
      expect((await t.request('GET', `${API}/events/${first}?password=same-password`)).status).to.equal(200);
      expect((await t.request('GET', `${API}/events/${second}`)).status).to.equal(403);
    },
  );

  it('records no change when the same password is sent again, and a new hash for a new password', async () => {
    const id = await createEvent({ title: 'Resent', password: 'again' });
    expect((await t.admin('PATCH', `${API}/events/${id}`, { body: { password: 'again' } })).status).to.equal(200);
    // The update is recorded (changing nothing), without a new hash: salting would otherwise make every resend a
    // change.
    expect(await storedHashes(id))
      .to.have.length(3)
      .and.have.property('2', undefined);
    expect((await t.admin('PATCH', `${API}/events/${id}`, { body: { password: 'other' } })).status).to.equal(200);
    const hashes = await storedHashes(id);
    expect(hashes).to.have.length(4);
    expect(hashes[3])
      .to.match(/^\$argon2id\$/)
      .and.not.equal(hashes[1]);
  });

  it(
    'keeps an old SHA-256 digest comparable, and the next write that sets the password replaces ' + 'it with argon2id',
    async () => {
      const id = await createEvent({ title: 'Old lock' });
      // As version 1 recorded it, straight into the store.
      const legacy = {
        type: 'EventDetailsChanged',
        data: { id, changes: { passwordSha256: sha256Hex('old-secret') } },
        metadata: legacyMetadata,
      };
      await t.service.store.append(`event-${id}`, [legacy], 0n);
      let status = 200;
      for (let tries = 0; status === 200 && tries < 200; tries += 1) {
        status = (await t.request('GET', `${API}/events/${id}`)).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(status, 'the legacy password locks the event').to.equal(403);
      expect((await t.request('GET', `${API}/events/${id}?password=old-secret`)).status).to.equal(200);
      expect((await t.request('GET', `${API}/events/${id}?password=old-secreT`)).status).to.equal(403);

      expect((await t.admin('PATCH', `${API}/events/${id}`, { body: { password: 'old-secret' } })).status).to.equal(
        200,
      );
      const hashes = await storedHashes(id);
      expect(hashes.at(-1)).to.match(/^\$argon2id\$/);
      expect((await t.request('GET', `${API}/events/${id}?password=old-secret`)).status).to.equal(200);
    },
  );

  it(
    'limits failed unlocks per client: 429 with Retry-After past the allowance, even for the ' +
      'right password, until the window frees',
    async () => {
      t.setNow(new Date(start.getTime() + 10 * 60_000));
      const id = await createEvent({ title: 'Guarded', password: 'right' });
      // A list whose password opens some of its protected items is an ordinary read, never a failure.
      for (let i = 0; i < 5; i += 1)
        expect((await t.request('GET', `${API}/events?password=right`)).status).to.equal(200);
      for (let i = 0; i < 3; i += 1) {
        const wrong = await t.request('GET', `${API}/events/${id}?password=guess-${i}`);
        expect(wrong.status, `guess ${i}`).to.equal(403);
      }
      const refused = await t.request('GET', `${API}/events/${id}?password=right`);
      expect(refused.status).to.equal(429);
      expect(refused.body).to.deep.include({ code: 'rest_too_many_requests' });
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
      // A list with a password that opens nothing is refused too; reads without a password are not limited.
      expect((await t.request('GET', `${API}/events?password=guess`)).status).to.equal(429);
      expect((await t.request('GET', `${API}/events`)).status).to.equal(200);
      expect((await t.request('GET', `${API}/events/${id}`)).status).to.equal(403);

      t.setNow(new Date(start.getTime() + 11 * 60_000 + 1000));
      expect((await t.request('GET', `${API}/events/${id}?password=right`)).status).to.equal(200);
    },
  );
});
