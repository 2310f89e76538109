// Specifies lost-update protection under real concurrency: many updates sent at once with the same If-Match, one wins.
import { expect } from 'chai';
import { startTestService, type TestService } from '../support/testService.ts';
import {
  API,
  allAtOnce,
  bodyOf,
  created,
  etagOf,
  expectError,
  statusCounts,
  streamLength,
  streamOf,
  type ResourcePlural,
} from './support/raceApi.ts';

const contenders = 50;

interface Contested {
  readonly plural: ResourcePlural;
  readonly create: Record<string, unknown>;
  /** The body of contender `i`: each one writes a different value, so the winner is recognisable. */
  readonly update: (i: number) => Record<string, unknown>;
  /** The value the winner wrote, as a GET shows it. */
  readonly shown: (body: Record<string, unknown>) => unknown;
  readonly written: (i: number) => unknown;
}

const contested: readonly Contested[] = [
  {
    plural: 'events',
    create: { title: 'Contested event', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
    update: (i) => ({ title: `Event by contender ${i}` }),
    shown: (body) => body.title,
    written: (i) => `Event by contender ${i}`,
  },
  {
    plural: 'venues',
    create: { venue: 'Contested hall', city: 'Race City' },
    update: (i) => ({ city: `City ${i}` }),
    shown: (body) => body.city,
    written: (i) => `City ${i}`,
  },
  {
    plural: 'organizers',
    create: { organizer: 'Contested org', phone: '000' },
    update: (i) => ({ phone: `555-${i}` }),
    shown: (body) => body.phone,
    written: (i) => `555-${i}`,
  },
  {
    plural: 'categories',
    create: { name: 'Contested category' },
    update: (i) => ({ description: `Category text ${i}` }),
    shown: (body) => body.description,
    written: (i) => `Category text ${i}`,
  },
  {
    plural: 'tags',
    create: { name: 'Contested tag' },
    update: (i) => ({ description: `Tag text ${i}` }),
    shown: (body) => body.description,
    written: (i) => `Tag text ${i}`,
  },
];

describe('concurrent updates with the same If-Match', function () {
  this.timeout(120_000);
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(async () => t.close());

  for (const kind of contested) {
    it(
      `${kind.plural}: of ${contenders} PATCHes sent at once with one If-Match, exactly one answers ` +
        `200, the rest 412; one event is appended`,
      async () => {
        const id = (await created(t, kind.plural, kind.create)).id as number;
        const path = `${API}/${kind.plural}/${id}`;
        // A first update, so the contested revision is not the creation's.
        expect((await t.admin('PATCH', path, { body: kind.update(-1) })).status).to.equal(200);
        const etag = await etagOf(t, path);
        const revision = Number(/\d+/.exec(etag)?.[0]);
        const before = await streamLength(t, streamOf[kind.plural](id));

        const responses = await allAtOnce(contenders, (i) =>
          t.admin('PATCH', path, { body: kind.update(i), headers: { 'if-match': etag } }),
        );

        expect(
          statusCounts(responses),
          responses
            .filter((r) => ![200, 412].includes(r.status))
            .map((r) => r.text)
            .join('\n'),
        ).to.deep.equal({ 200: 1, 412: contenders - 1 });
        for (const lost of responses.filter((r) => r.status === 412)) {
          expectError(
            lost,
            412,
            'rest_precondition_failed',
            'The resource has changed since the revision given in If-Match.',
          );
        }
        const winnerIndex = responses.findIndex((r) => r.status === 200);
        const winner = responses[winnerIndex];
        expect(winner?.headers.get('etag')).to.equal(`W/"${revision + 1}"`);
        expect(kind.shown(bodyOf(winner!))).to.equal(kind.written(winnerIndex));

        expect(await streamLength(t, streamOf[kind.plural](id)), 'events appended by the race').to.equal(before + 1);
        const after = await t.admin('GET', path);
        expect(after.headers.get('etag')).to.equal(`W/"${revision + 1}"`);
        expect(kind.shown(bodyOf(after)), "the stored value is the winner's").to.equal(kind.written(winnerIndex));
      },
    );
  }

  it('a stale ETag loses against a race it did not take part in: all 412, nothing appended', async () => {
    const id = (await created(t, 'events', contested[0]!.create)).id as number;
    const path = `${API}/events/${id}`;
    const stale = await etagOf(t, path);
    await t.admin('PATCH', path, { body: { title: 'Moved on' } });
    const before = await streamLength(t, streamOf.events(id));
    const responses = await allAtOnce(20, (i) =>
      t.admin('PATCH', path, { body: { title: `Stale ${i}` }, headers: { 'if-match': stale } }),
    );
    expect(statusCounts(responses)).to.deep.equal({ 412: 20 });
    expect(await streamLength(t, streamOf.events(id))).to.equal(before);
    expect(bodyOf(await t.admin('GET', path)).title).to.equal('Moved on');
  });
});
