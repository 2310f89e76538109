// Specifies that events, ids and slugs survive a restart on the
// same data directory (docs/api.md §1.4, docs/architecture.md §3).
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, createEvent, expectError, idsOf, type JsonObject } from './support/eventsApi.ts';

describe('Restarting the service on the same data directory', () => {
  let dataDir: string;
  let t: TestService;
  const written: JsonObject[] = [];
  let trashedId: number;

  // A first service writes the data and is closed; `t` is the service restarted on the same directory.
  before(async function () {
    this.timeout(30000);
    dataDir = mkdtempSync(join(tmpdir(), 'cal-events-restart-'));
    const first = await startTestService({}, dataDir);
    written.push(await createEvent(first, { title: 'Survivor' }));
    const second = await createEvent(first, { title: 'Survivor' });
    written.push(
      bodyOf(await first.admin('PATCH', `${API}/events/${String(second.id)}`, { body: { featured: true } })),
    );
    trashedId = (await createEvent(first, { title: 'Gone' })).id as number;
    await first.admin('DELETE', `${API}/events/${String(trashedId)}`);
    await first.close();
    t = await startTestService({}, dataDir);
  });
  after(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the same events with the same ids, slugs and ETags', async () => {
    for (const event of written) {
      const res = await t.request('GET', `${API}/events/${String(event.id)}`);
      expect(res.status).to.equal(200);
      const { json_ld: _ld, ...body } = bodyOf(res);
      expect(body).to.deep.equal(event);
    }
    expect(written.map((event) => event.slug)).to.deep.equal(['survivor', 'survivor-2']);
    expect((await t.request('GET', `${API}/events/${String(written[1]?.id)}`)).headers.get('etag')).to.equal('W/"1"');
  });

  it('lists them again', async () => {
    expect(idsOf(await t.request('GET', `${API}/events`))).to.deep.equal(written.map((event) => event.id));
  });

  it('keeps the trashed event trashed', async () => {
    expectError(await t.request('GET', `${API}/events/${String(trashedId)}`), 403, 'event-no-longer-available');
  });

  it('continues the id sequence and keeps slugs reserved', async () => {
    const next = await createEvent(t, { title: 'Survivor' });
    expect(next.id).to.equal(trashedId + 1);
    expect(next.slug).to.equal('survivor-3');
    const freed = await createEvent(t, { title: 'Gone' });
    expect(freed.slug, 'the trashed event freed its slug').to.equal('gone');
  });
});
