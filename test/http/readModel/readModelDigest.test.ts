// Specifies GET /read-model/digest: administrators only; the read model's digest at the position it reflects.
import { expect } from 'chai';
import { startRoleService, type RoleTestService, type Who } from '../../support/roleService.ts';
import { API, bodyOf } from '../events/support/eventsApi.ts';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import { replayInto } from '../../../src/projections/replay.ts';
import { digestReadStore } from '../../../src/projections/digest/readModelDigest.ts';
import { ReadModelDigestCodec } from '../../../src/projections/digest/readModelDigestCodec.ts';
import { readModelCollections } from '../../../src/projections/readStore.ts';
import { someActivity } from './support/readModelActivity.ts';
import { testMemos, testProjections } from '../../support/memos.ts';

const DIGEST = `${API}/read-model/digest`;
const dates = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

describe('GET /read-model/digest', function () {
  this.timeout(30_000);
  let t: RoleTestService;
  before(async () => {
    t = await startRoleService();
    await someActivity(t);
  });
  after(async () => t.close());

  /** The digest a fresh read model gets from the stored events up to `position`. */
  const replayedUpTo = async (position: string) => {
    const fresh = createMemoryReadStore(testMemos);
    await replayInto(t.service.store, fresh, { handlers: testProjections, upTo: BigInt(position) });
    return digestReadStore(fresh, { detail: true });
  };

  it('is 401 for anonymous callers and 403 for every role but administrator', async () => {
    const expected: [Who, number][] = [
      ['anonymous', 401],
      ['editor', 403],
      ['author', 403],
      ['contributor', 403],
      ['subscriber', 403],
    ];
    for (const [who, status] of expected) {
      const res = await t.by(who, 'GET', DIGEST);
      expect(res.status, who).to.equal(status);
      expect(bodyOf(res).code, who).to.equal('rest_forbidden');
    }
  });

  it('gives administrators the position applied and a count and SHA-256 per collection', async () => {
    const res = await t.admin('GET', DIGEST);
    expect(res.status, res.text).to.equal(200);
    expect(ReadModelDigestCodec.is(res.body)).to.equal(true);
    const body = bodyOf(res) as { position: string; collections: Record<string, Record<string, unknown>> };
    expect(body.position).to.equal(t.service.projections.appliedPosition.toString());
    expect(Object.keys(body.collections)).to.deep.equal([...readModelCollections]);
    for (const collection of readModelCollections) {
      expect(Object.keys(body.collections[collection] ?? {}), collection).to.deep.equal(['count', 'digest']);
      expect(body.collections[collection]?.digest, collection).to.match(/^[0-9a-f]{64}$/);
    }
    // Trashed and deleted documents count: 2 events, 2 venues, 1 organizer, 1 category, 2 tags.
    expect(readModelCollections.map((c) => body.collections[c]?.count)).to.deep.equal([2, 2, 1, 1, 2]);
  });

  it('equals the digest of a fresh replay of the event store up to that position', async () => {
    const res = await t.admin('GET', `${DIGEST}?detail=true`);
    const body = bodyOf(res) as { position: string; collections: unknown };
    expect(body.collections).to.deep.equal(JSON.parse(JSON.stringify(await replayedUpTo(body.position))));
  });

  it('with detail=true lists every document id with its hash', async () => {
    const body = bodyOf(await t.admin('GET', `${DIGEST}?detail=true`)) as {
      collections: { events: { documents: [number, string][] } };
    };
    expect(body.collections.events.documents).to.have.length(2);
    for (const [id, hash] of body.collections.events.documents) {
      expect(id).to.be.a('number');
      expect(hash).to.match(/^[0-9a-f]{16}$/);
    }
  });

  it('stays consistent with its position while writes go on', async () => {
    const writes = Array.from({ length: 12 }, (_, i) =>
      t.admin('POST', `${API}/events`, { body: { title: `Busy ${i}`, ...dates } }),
    );
    const digests = Array.from({ length: 6 }, () => t.admin('GET', `${DIGEST}?detail=true`));
    for (const res of await Promise.all(writes)) expect(res.status, res.text).to.equal(201);
    for (const res of await Promise.all(digests)) {
      const body = bodyOf(res) as { position: string; collections: unknown };
      expect(body.collections, `at ${body.position}`).to.deep.equal(
        JSON.parse(JSON.stringify(await replayedUpTo(body.position))),
      );
    }
  });

  it('refuses an invalid detail value with 400', async () => {
    expect((await t.admin('GET', `${DIGEST}?detail=maybe`)).status).to.equal(400);
  });

  it("stays out of the index: the route catalogue is the reference's", async () => {
    const index = bodyOf(await t.by('anonymous', 'GET', API)) as { routes: Record<string, unknown> };
    expect(Object.keys(index.routes).filter((path) => path.includes('read-model'))).to.deep.equal([]);
  });
});
