// Specifies the service while its embedded store cannot take writes (its disk runs full): writes answer 503
// `rest_store_unavailable` with Retry-After and apply nothing, reads keep serving, and writes work again by themselves
// once space is freed. The disk really fills: a file is allocated beside the data dir, against a reserve set for it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  adminRequest,
  eventually,
  startServiceProcess,
  type Answer,
  type ServiceProcess,
} from '../support/serviceProcess.ts';
import { auditDataDir, readModelDifferences } from '../crash/storeAudit.ts';
import { allocate, freeMb } from '../crash/diskSpace.ts';

/** The reserve sits this far below the free space at the start; the filler leaves the disk twice as far under it. */
const marginMb = 512;
const fillerMb = 3 * marginMb;
const when = { start_date: '2030-06-01 10:00:00', end_date: '2030-06-01 12:00:00' };

function expectStoreUnavailable(answer: Answer | undefined, what: string): void {
  expect(answer?.status, `${what}: ${JSON.stringify(answer?.body)}`).to.equal(503);
  expect(answer?.headers.get('retry-after'), `${what}: Retry-After`).to.equal('1');
  expect(answer?.body, what).to.deep.equal({
    code: 'rest_store_unavailable',
    message: 'The event store is unavailable; nothing was written. Try again later.',
    data: { status: 503 },
  });
}

describe('store failures: the disk of the embedded store runs full', function () {
  this.timeout(240_000);
  let dir: string;
  let filler: string;
  let service: ServiceProcess;
  const fill = () => allocate(filler, fillerMb);
  const free = () => rmSync(filler, { force: true });
  const request = (method: string, path: string, body?: unknown) => adminRequest(service.url, method, path, body);
  /** Unique names keep a probe that got through before the disk filled from colliding with anything. */
  let probes = 0;
  const waitForRefusal = () =>
    eventually(
      'writes to be refused',
      async () => {
        const answer = await request('POST', '/categories', { name: `Probe ${++probes}` });
        return answer?.status === 503 ? answer : undefined;
      },
      30_000,
      100,
    );

  before(async function () {
    dir = mkdtempSync(join(tmpdir(), 'cal-store-failures-'));
    filler = join(dir, 'filler');
    const available = freeMb(dir);
    if (available < fillerMb + 2 * marginMb) {
      console.log(`      skipped: ${available} MiB free, the disk-full scenario needs ${fillerMb + 2 * marginMb}`);
      this.skip();
    }
    service = await startServiceProcess(join(dir, 'data'), { CAL_MIN_FREE_DISK_MB: String(available - marginMb) });
  });

  afterEach(() => free());

  after(async () => {
    if (service && service.child.exitCode === null && service.child.signalCode === null) {
      service.child.kill('SIGKILL');
      await service.exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'refuses every kind of write with 503 and applies nothing, serves reads, and takes writes ' +
      'again once space is freed',
    async () => {
      const jazz = await request('POST', '/categories', { name: 'Jazz' });
      expect(jazz?.status).to.equal(201);
      const jazzId = (jazz?.body as { id: number }).id;
      const before = await request('POST', '/events', {
        title: 'Before the outage',
        ...when,
        categories: [jazzId],
        venue: { venue: 'Hall A' },
      });
      expect(before?.status).to.equal(201);
      const eventId = (before?.body as { id: number }).id;
      const venueId = (before?.body as { venue: { id: number } }).venue.id;

      fill();
      await waitForRefusal();
      const digestAtFailure = await request('GET', '/read-model/digest');
      const outageEvent = {
        title: 'Outage party',
        ...when,
        categories: ['Outage category'],
        tags: ['Outage tag'],
        venue: { venue: 'Outage hall', city: 'Girona' },
        organizer: { organizer: 'Outage crew' },
        image: 'https://example.com/outage.png',
      };
      const refused: [string, string, unknown][] = [
        ['POST', '/events', outageEvent],
        ['POST', '/events', { title: 'Plain outage event', ...when }],
        ['PATCH', `/events/${eventId}`, { title: 'Changed during the outage', categories: ['Another new category'] }],
        ['DELETE', `/events/${eventId}`, undefined],
        ['POST', '/venues', { venue: 'Outage venue' }],
        ['PATCH', `/venues/${venueId}`, { city: 'Nowhere' }],
        ['POST', '/organizers', { organizer: 'Outage organizer' }],
        ['POST', '/tags', { name: 'Outage tag' }],
        ['PATCH', `/categories/${jazzId}`, { name: 'Jazz renamed' }],
        ['DELETE', `/categories/${jazzId}`, undefined],
      ];
      for (const [method, path, body] of refused)
        expectStoreUnavailable(await request(method, path, body), `${method} ${path}`);

      // Reads keep serving, from the read model and from the store.
      const read = await request('GET', `/events/${eventId}`);
      expect(read?.status).to.equal(200);
      expect((read?.body as { title: string }).title).to.equal('Before the outage');
      expect((await request('GET', '/events'))?.status).to.equal(200);
      expect((await request('GET', '/categories'))?.status).to.equal(200);
      expect((await request('GET', `/venues/${venueId}`))?.status).to.equal(200);
      const ready = await fetch(`${service.url}/ready`);
      expect(ready.status, 'the store still answers reads: /ready').to.equal(200);
      // Nothing reached the store: the read model, which follows every append, is where it was.
      expect((await request('GET', '/read-model/digest'))?.body).to.deep.equal(digestAtFailure?.body);

      free();
      // The very same create, retried as Retry-After says, until it gets through: no restart, no leftovers.
      const created = await eventually(
        'the create to get through once space is freed',
        async () => {
          const answer = await request('POST', '/events', outageEvent);
          if (answer?.status === 503) return undefined;
          return answer;
        },
        30_000,
        250,
      );
      expect(created?.status, JSON.stringify(created?.body)).to.equal(201);
      const event = created?.body as {
        slug: string;
        categories: { name: string; slug: string }[];
        tags: { slug: string }[];
        venue: { slug: string };
      };
      expect(event.slug, 'no claim of a refused attempt pushes the slug to -2').to.equal('outage-party');
      expect(event.categories.map((c) => [c.name, c.slug])).to.deep.equal([['Outage category', 'outage-category']]);
      expect(event.tags.map((t) => t.slug)).to.deep.equal(['outage-tag']);
      expect(event.venue.slug).to.equal('outage-hall');
      const categories = (await request('GET', '/categories?search=category&per_page=100'))?.body as {
        categories: { name: string }[];
      };
      expect(
        categories.categories.map((c) => c.name),
        'no category left behind by the refused writes',
      ).to.deep.equal(['Outage category']);
      expect((await request('POST', '/tags', { name: 'Outage tag 2' }))?.status).to.equal(201);
      const changed = await request('PATCH', `/events/${eventId}`, { title: 'Changed after the outage' });
      expect(changed?.status).to.equal(200);
      expect((changed?.body as { title: string }).title).to.equal('Changed after the outage');

      expect(await readModelDifferences(service.url, join(dir, 'data')), 'read model against a replay').to.deep.equal(
        [],
      );
    },
  );

  it(
    'under concurrent writers through an outage: each write applied whole (201) or not at all ' +
      '(503), no claim left held',
    async () => {
      const writers = 24;
      const acknowledged: { id: number; title: string }[] = [];
      const refusedTitles: string[] = [];
      const unexpected: string[] = [];
      let phase: 'before' | 'outage' | 'after' = 'before';
      let acknowledgedAfter = 0;
      let stop = false;
      const loop = async (writer: number) => {
        for (let n = 0; !stop; n++) {
          const title = `Writer ${writer} write ${n}`;
          // A new category per write: the inline term is created first, then the event, so an outage can fall in
          // between.
          const answer = await request('POST', '/events', {
            title,
            ...when,
            categories: [`Cat ${writer}-${n}`],
            tags: [`shared tag ${n % 3}`],
          });
          if (answer?.status === 201) {
            acknowledged.push({ id: (answer.body as { id: number }).id, title });
            if (phase === 'after') acknowledgedAfter++;
          } else if (answer?.status === 503) refusedTitles.push(title);
          else unexpected.push(`${answer?.status ?? 'no answer'} ${JSON.stringify(answer?.body)}`);
        }
      };
      const running = Array.from({ length: writers }, (_, writer) => loop(writer));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      phase = 'outage';
      fill();
      await eventually('writes to be refused', async () => (refusedTitles.length > 0 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      free();
      phase = 'after';
      await eventually('writes to get through again', async () => (acknowledgedAfter >= writers ? true : undefined));
      stop = true;
      await Promise.all(running);

      expect(unexpected, 'answers other than 201 and 503').to.deep.equal([]);
      expect(refusedTitles.length).to.be.greaterThan(0);
      for (const { id, title } of acknowledged) {
        const read = await request('GET', `/events/${id}`);
        expect(read?.status, title).to.equal(200);
        expect((read?.body as { title: string }).title).to.equal(title);
      }
      for (const title of refusedTitles) {
        const found = (await request('GET', `/events?search=${encodeURIComponent(`"${title}"`)}&per_page=50`))
          ?.body as {
          events: { title: string }[];
        };
        expect(
          found.events.filter((e) => e.title === title),
          `refused "${title}"`,
        ).to.deep.equal([]);
      }
      // Claims taken by a write that was then refused are given back in the background once the store takes writes.
      const dataDir = join(dir, 'data');
      await eventually(
        'claims of refused writes to be given back',
        async () => ((await auditDataDir(dataDir)).orphanClaims.length === 0 ? true : undefined),
        30_000,
        500,
      );
      expect(await readModelDifferences(service.url, dataDir), 'read model against a replay').to.deep.equal([]);
      service.child.kill('SIGTERM');
      expect(await service.exited).to.deep.equal({ code: 0, signal: null });
      const audit = await auditDataDir(dataDir);
      expect(audit.problems).to.deep.equal([]);
      console.log(
        `      ${acknowledged.length} writes acknowledged, ${refusedTitles.length} refused; ` +
          `${audit.events} events in ${audit.streams} streams`,
      );
      expect(audit.orphanClaims).to.deep.equal([]);
    },
  );
});
