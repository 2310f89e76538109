// Specifies X-Cal-Read-Your-Writes: a write answers exactly even when the read model does not catch up in time, and
// says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf } from '../events/support/eventsApi.ts';

const newEvent = {
  title: 'Written while the projection waits',
  start_date: '2026-12-01 10:00:00',
  end_date: '2026-12-01 11:00:00',
};

describe('read-your-writes on POST /events', function () {
  describe('while the projection is stopped', function () {
    // Stopping the runner leaves this service's reads stale for good: it gets an instance of its own.
    let t: TestService;
    let dataDir: string;
    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'cal-ryw-'));
      t = await startTestService({ CAL_READ_YOUR_WRITES_TIMEOUT_MS: '50' }, dataDir);
      await t.service.runner!.stop();
    });
    after(async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(
      'still answers 201 with the created event, folded from its stream, and ' + 'X-Cal-Read-Your-Writes: timeout',
      async () => {
        const res = await t.admin('POST', `${API}/events`, { body: newEvent });
        expect(res.status, res.text).to.equal(201);
        expect(res.headers.get('x-cal-read-your-writes')).to.equal('timeout');
        const created = bodyOf(res);
        expect(created).to.include({
          title: newEvent.title,
          start_date: newEvent.start_date,
          end_date: newEvent.end_date,
          status: 'publish',
        });
        expect(created.id).to.be.a('number');
        // The write is stored, but a read right after does not see it: the answer did not come from the read model.
        const [stored] = await t.service.store.readStream(`event-${created.id as number}`);
        expect(stored?.type).to.equal('EventScheduled');
        expect((await t.request('GET', `${API}/events/${created.id as number}`)).status).to.equal(404);

        // Once projected (a restart rebuilds the read model from the store), reads show exactly what the write answered
        // (a single read adds only its `json_ld`).
        await t.close();
        t = await startTestService({}, dataDir);
        const read = await t.admin('GET', `${API}/events/${created.id as number}`);
        expect(read.status, read.text).to.equal(200);
        const { json_ld: _jsonLd, ...projected } = bodyOf(read);
        expect(projected).to.deep.equal(created);
      },
    );
  });

  describe('while the projection runs', function () {
    let t: TestService;
    before(async () => (t = await startTestService()));
    after(async () => t.close());

    it('answers once the read model reflects the write, without the header', async () => {
      const res = await t.admin('POST', `${API}/events`, { body: newEvent });
      expect(res.status, res.text).to.equal(201);
      expect(res.headers.get('x-cal-read-your-writes')).to.equal(null);
      const read = await t.request('GET', `${API}/events/${bodyOf(res).id as number}`);
      expect(read.status).to.equal(200);
      expect(bodyOf(read).title).to.equal(newEvent.title);
    });
  });
});
