// Specifies the parameter limits: string lengths and list sizes name the parameter in a 400 (docs/api.md §13.3), at the
// top level and inside inline venues and organizers; `per_page` above 50 is clamped, not refused (docs/api.md §5.2).
import { Agent } from 'node:http';
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, dates, send, type LimitResponse } from './support/limitsClient.ts';

const jsonType = { 'content-type': 'application/json' };
const count = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

function expectInvalid(res: LimitResponse, ...names: string[]): void {
  expect(res.status, res.text.slice(0, 300)).to.equal(400);
  expect(res.body?.code).to.equal('rest_invalid_param');
  expect(Object.keys((res.body?.data as { params: object }).params)).to.deep.equal(names);
}

describe('Parameter limits', function () {
  this.timeout(60_000);
  let t: TestService;
  let agent: Agent;
  before(async () => {
    t = await startTestService();
    agent = new Agent({ keepAlive: true });
  });
  after(async () => {
    agent.destroy();
    await t.close();
  });

  const write = (path: string, body: unknown) =>
    send(t.service.url, agent, {
      method: 'POST',
      path: `${API}${path}`,
      headers: jsonType,
      body: JSON.stringify(body),
    });
  const read = (path: string) => send(t.service.url, agent, { method: 'GET', path: `${API}${path}` });

  it('accepts a 1 000-character title and a 100 000-character description, and refuses one more of each', async () => {
    expect(
      (await write('/events', { title: 't'.repeat(1_000), description: 'd'.repeat(100_000), ...dates })).status,
    ).to.equal(201);
    const before = await t.service.store.headPosition();
    expectInvalid(await write('/events', { title: 't'.repeat(1_001), ...dates }), 'title');
    expectInvalid(await write('/events', { title: 'Fine', description: 'd'.repeat(100_001), ...dates }), 'description');
    expectInvalid(
      await write('/events', { title: 't'.repeat(1_001), description: 'd'.repeat(100_001), ...dates }),
      'title',
      'description',
    );
    expect(await t.service.store.headPosition()).to.equal(before);
  });

  it('limits every other string to 10 000 characters, form bodies included', async () => {
    expectInvalid(await write('/venues', { venue: 'Hall', city: 'c'.repeat(10_001) }), 'city');
    expectInvalid(await write('/categories', { name: 'n'.repeat(1_001) }), 'name');
    const form = await send(t.service.url, agent, {
      method: 'POST',
      path: `${API}/organizers`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `organizer=Org&phone=${'5'.repeat(10_001)}`,
    });
    expectInvalid(form, 'phone');
  });

  it('judges the fields of an inline venue or organizer by their own limits, naming the event parameter', async () => {
    expectInvalid(await write('/events', { title: 'Inline', ...dates, venue: { venue: 'v'.repeat(1_001) } }), 'venue');
    expectInvalid(
      await write('/events', {
        title: 'Inline',
        ...dates,
        organizer: [{ organizer: 'Org' }, { organizer: 'Org', email: 'e'.repeat(10_001) }],
      }),
      'organizer',
    );
  });

  it(
    'refuses lists of more than 100 entries as JSON arrays, comma-separated strings and ' + 'repeated query names',
    async () => {
      const venue = (await write('/venues', { venue: 'Listed hall' })).body?.id as number;
      const category = (await write('/categories', { name: 'Listed' })).body?.id as number;
      // The same existing item over and over: valid entries, only too many of them.
      expect(
        (
          await write('/events', {
            title: 'Enough',
            ...dates,
            venue: Array(100).fill(venue),
            categories: Array(100).fill(category),
          })
        ).status,
      ).to.equal(201);
      expectInvalid(await write('/events', { title: 'Many', ...dates, venue: Array(101).fill(venue) }), 'venue');
      expectInvalid(
        await write('/events', { title: 'Many', ...dates, categories: Array(101).fill(category) }),
        'categories',
      );
      expectInvalid(
        await write('/events', { title: 'Many', ...dates, tags: Array(101).fill('Listed tag').join(',') }),
        'tags',
      );
      expectInvalid(await read(`/events?include=${count(101).join(',')}`), 'include');
      expectInvalid(
        await read(
          `/events?${count(101)
            .map((n) => `venue[]=${n}`)
            .join('&')}`,
        ),
        'venue',
      );
      expectInvalid(await read(`/categories?exclude=${count(101).join(',')}`), 'exclude');
      expect((await read(`/events?include=${count(100).join(',')}`)).status).to.equal(200);
    },
  );

  it('clamps per_page above 50 to 50, however large, and still refuses 0', async () => {
    for (let n = 0; n < 55; n++) expect((await write('/tags', { name: `Tag ${n}` })).status).to.equal(201);
    for (const perPage of ['51', '1000', '99999999999999999999']) {
      const res = await read(`/tags?hide_empty=false&per_page=${perPage}`);
      expect(res.status, res.text.slice(0, 200)).to.equal(200);
      expect((res.body?.tags as unknown[]).length, perPage).to.equal(50);
      expect(res.headers['x-cal-totalpages'], perPage).to.equal('2');
    }
    const events = await read('/events?per_page=51');
    expect(events.status).to.equal(200);
    expect(events.body?.rest_url).to.include('per_page=50');
    expectInvalid(await read('/tags?per_page=0'), 'per_page');
  });
});
