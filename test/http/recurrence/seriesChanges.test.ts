// Changing a series or one of its occurrences over HTTP (docs/api.md §20.3): series writes reach every occurrence
// that is not an exception, occurrence writes make exceptions, deletes cancel occurrences or trash the whole series.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, createEvent, eventsOf, idsOf, type JsonObject } from '../events/support/eventsApi.ts';

const window = 'start_date=2026-01-01 00:00:00&end_date=2029-12-31 23:59:59';

describe('Recurring series: changing the series or one occurrence (docs/api.md §20.3)', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
  });
  after(async () => t.close());
  beforeEach(() => t.setNow(new Date('2026-11-22T10:52:29Z')));

  const weekly = (title: string, count = 4): JsonObject => ({
    title,
    timezone: 'Europe/Madrid',
    start_date: '2026-12-01 19:00:00',
    end_date: '2026-12-01 21:00:00',
    recurrence: [`RRULE:FREQ=WEEKLY;COUNT=${String(count)}`],
  });
  const occurrencesOf = async (id: unknown, status = ''): Promise<JsonObject[]> => {
    const res = await t.admin('GET', `${API}/events?post_parent=${String(id)}&per_page=50&${window}${status}`);
    expect(res.status, res.text).to.equal(200);
    return eventsOf(res);
  };
  const get = async (id: unknown) => t.admin('GET', `${API}/events/${String(id)}`);
  const write = async (id: unknown, body: JsonObject, method = 'PATCH', headers: Record<string, string> = {}) =>
    t.admin(method, `${API}/events/${String(id)}`, { body, headers });

  it('a write to the series item changes every occurrence', async () => {
    const series = await createEvent(t, weekly('Series write'));
    const res = await write(series.id, { title: 'Series rewritten', description: 'New room' });
    expect(res.status, res.text).to.equal(200);
    const occurrences = await occurrencesOf(series.id);
    expect(occurrences).to.have.length(3);
    for (const occurrence of occurrences) {
      expect(occurrence.title).to.equal('Series rewritten');
      expect(occurrence.description).to.equal('<p>New room</p>');
    }
  });

  it('a write to an occurrence makes it an exception; fields it did not change still follow the series', async () => {
    const series = await createEvent(t, weekly('Exception base'));
    const [first, second] = await occurrencesOf(series.id);
    const res = await write(second?.id, {
      title: 'Guest night',
      start_date: '2026-12-15 20:00:00',
      end_date: '2026-12-15 22:00:00',
    });
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res)).to.include({ title: 'Guest night', start_date: '2026-12-15 20:00:00', id: second?.id });
    expect(bodyOf(res).original_start_date).to.equal('2026-12-15 19:00:00');
    expect((await write(series.id, { title: 'Renamed series', excerpt: 'Bring water' })).status).to.equal(200);
    const after = await occurrencesOf(series.id);
    const moved = after.find((o) => o.id === second?.id);
    expect(moved).to.include({ title: 'Guest night', start_date: '2026-12-15 20:00:00' });
    expect(moved?.excerpt).to.equal('<p>Bring water</p>');
    expect(after.find((o) => o.id === first?.id)?.title).to.equal('Renamed series');
    expect(bodyOf(await get(series.id)).title).to.equal('Renamed series');
  });

  it('deleting an occurrence cancels it: an EXDATE on the series, and it leaves every list', async () => {
    const series = await createEvent(t, weekly('Cancel one'));
    const [, second] = await occurrencesOf(series.id);
    const res = await t.admin('DELETE', `${API}/events/${String(second?.id)}`);
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res).status).to.equal('trash');
    const now = bodyOf(await get(series.id));
    expect(now.recurrence).to.deep.equal(['RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE;TZID=Europe/Madrid:20261215T190000']);
    expect((await occurrencesOf(series.id)).map((o) => o.id)).to.not.include(second?.id);
    expect(idsOf(await t.admin('GET', `${API}/events?search=cancel%20one&${window}`))).to.not.include(second?.id);
    expect((await get(second?.id)).status).to.equal(403);
  });

  it('trashing the series item trashes every occurrence, exceptions included', async () => {
    const series = await createEvent(t, weekly('Trash all'));
    const [first] = await occurrencesOf(series.id);
    expect((await write(first?.id, { title: 'Trash all: special' })).status).to.equal(200);
    expect((await t.admin('DELETE', `${API}/events/${String(series.id)}`)).status).to.equal(200);
    expect(idsOf(await t.admin('GET', `${API}/events?search=trash%20all&${window}`))).to.deep.equal([]);
    const trashed = await occurrencesOf(series.id, '&status=trash');
    expect(trashed).to.have.length(3);
    for (const occurrence of trashed) expect(occurrence.slug).to.match(/__trashed$/);
  });

  it('a new rule keeps the exceptions whose original start it still gives, and removes the others', async () => {
    const series = await createEvent(t, weekly('Rule keeps', 4));
    const [first, , third] = await occurrencesOf(series.id);
    expect((await write(first?.id, { title: 'Kept exception' })).status).to.equal(200);
    expect((await write(third?.id, { title: 'Dropped exception' })).status).to.equal(200);
    const res = await write(series.id, { recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] });
    expect(res.status, res.text).to.equal(200);
    const after = await occurrencesOf(series.id);
    expect(after.map((o) => o.id)).to.have.length(2);
    expect(after.find((o) => o.id === first?.id)?.title).to.equal('Kept exception');
    expect(after.map((o) => o.id)).to.not.include(third?.id);
  });

  it('refuses a stale If-Match on an occurrence with 412, the ETag being the series revision', async () => {
    const series = await createEvent(t, weekly('Etags'));
    const [first] = await occurrencesOf(series.id);
    const etag = (await get(first?.id)).headers.get('etag') as string;
    expect((await write(series.id, { title: 'Etags moved on' })).status).to.equal(200);
    const stale = await write(first?.id, { title: 'Late' }, 'PATCH', { 'If-Match': etag });
    expect(stale.status, stale.text).to.equal(412);
    const fresh = (await get(first?.id)).headers.get('etag') as string;
    const ok = await write(first?.id, { title: 'On time' }, 'PATCH', { 'If-Match': fresh });
    expect(ok.status, ok.text).to.equal(200);
  });

  it('concurrent If-Match writes to an occurrence and to its series: one wins per ETag (repeated)', async function () {
    this.timeout(20000);
    const series = await createEvent(t, weekly('Race'));
    const [occurrence] = await occurrencesOf(series.id);
    for (let round = 0; round < 8; round++) {
      const etag = (await get(series.id)).headers.get('etag') as string;
      expect((await get(occurrence?.id)).headers.get('etag')).to.equal(etag);
      const answers = await Promise.all([
        write(occurrence?.id, { title: `Occurrence ${String(round)}` }, 'PATCH', { 'If-Match': etag }),
        write(series.id, { excerpt: `Series ${String(round)}` }, 'PATCH', { 'If-Match': etag }),
        write(occurrence?.id, { description: `Other ${String(round)}` }, 'PATCH', { 'If-Match': etag }),
      ]);
      expect(answers.map((res) => res.status).sort()).to.deep.equal([200, 412, 412]);
    }
  });

  it('concurrent writes without If-Match to the series and to occurrences: none is lost (repeated)', async function () {
    this.timeout(20000);
    const series = await createEvent(t, weekly('No loss', 6));
    const occurrences = await occurrencesOf(series.id);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        write(series.id, { excerpt: `Round ${String(round)}` }),
        ...occurrences.map((o) => write(o.id, { title: `No loss ${String(o.id)} round ${String(round)}` })),
      ]);
      for (const res of answers) expect(res.status, res.text).to.equal(200);
      const after = await occurrencesOf(series.id);
      for (const o of after) {
        expect(o.title).to.equal(`No loss ${String(o.id)} round ${String(round)}`);
        expect(o.excerpt).to.equal(`<p>Round ${String(round)}</p>`);
      }
    }
  });
});
