// Specifies GET /events/{id}/history: the event's domain events, oldest first, with metadata and field changes.
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import {
  API,
  API_ROOT,
  bodyOf,
  changesOf,
  entriesOf,
  expectError,
  expectInvalidParams,
  startItemService,
  typesOf,
  userId,
  type ItemTestService,
} from './support/historyApi.ts';

describe('GET /events/{id}/history', function () {
  let t: ItemTestService;
  let id: number;
  before(async () => {
    t = await startItemService();
    const created = await t.admin('POST', `${API}/events`, {
      body: { title: 'Launch', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
      headers: { 'x-correlation-id': 'launch-plan', 'x-request-id': 'req-launch-1' },
    });
    id = bodyOf(created).id as number;
    t.setNow(new Date('2026-11-22T11:00:00Z'));
    expect((await t.by('editor', 'PATCH', `${API}/events/${id}`, { body: { title: 'Launch party' } })).status).to.equal(
      200,
    );
    t.setNow(new Date('2026-11-22T12:00:00Z'));
    expect((await t.admin('DELETE', `${API}/events/${id}`)).status).to.equal(200);
  });
  after(async () => t.close());

  it('lists creation, update and trashing with who, when and the correlation', async () => {
    const res = await t.admin('GET', `${API}/events/${id}/history`);
    const entries = entriesOf(res);
    expect(entries.map((e) => [e.revision, e.type, e.actor, e.occurred_at])).to.deep.equal([
      [0, 'EventScheduled', userId.admin, '2026-11-22T10:52:28.000Z'],
      [1, 'EventDetailsChanged', userId.editor, '2026-11-22T11:00:00.000Z'],
      [2, 'EventTrashed', userId.admin, '2026-11-22T12:00:00.000Z'],
    ]);
    // The correlation is the caller's business operation; the causation, the request that wrote the event.
    expect(entries[0]).to.include({ correlation_id: 'launch-plan', causation_id: 'req-launch-1', schema_version: 2 });
    expect(Object.keys(entries[0] ?? {})).to.deep.equal([
      'position',
      'revision',
      'type',
      'schema_version',
      'occurred_at',
      'actor',
      'correlation_id',
      'causation_id',
      'changes',
    ]);
    const positions = entries.map((e) => BigInt(e.position as string));
    expect(entries.every((e) => typeof e.position === 'string')).to.equal(true);
    expect([...positions].sort((a, b) => (a < b ? -1 : 1))).to.deep.equal(positions);
    expect(bodyOf(res)).to.include({ total: 3, total_pages: 1 });
    expect(res.headers.get('x-cal-total')).to.equal('3');
    expect(res.headers.get('x-cal-totalpages')).to.equal('1');
    expect(res.headers.get('link')).to.equal(null);
    expect(res.headers.get('allow')).to.equal('GET');
  });

  it("shows each event's changes, before → after", async () => {
    const [created, updated, trashed] = changesOf(await t.admin('GET', `${API}/events/${id}/history`));
    expect(created).to.deep.include({
      title: { before: null, after: 'Launch' },
      status: { before: null, after: 'publish' },
      slug: { before: null, after: 'launch' },
    });
    expect(created).to.not.have.property('revision');
    expect(updated).to.deep.equal({ title: { before: 'Launch', after: 'Launch party' } });
    expect(trashed).to.deep.equal({
      status: { before: 'publish', after: 'trash' },
      slug: { before: 'launch', after: 'launch__trashed' },
    });
  });

  it('pages oldest first with the list paging rules, headers and links', async () => {
    const first = await t.admin('GET', `${API}/events/${id}/history?per_page=2`);
    expect(typesOf(first)).to.deep.equal(['EventScheduled', 'EventDetailsChanged']);
    expect(bodyOf(first)).to.include({ total: 3, total_pages: 2 });
    expect(first.headers.get('x-cal-totalpages')).to.equal('2');
    const history = `${API_ROOT}/events/${id}/history`;
    expect(first.headers.get('link')).to.equal(`<${history}?per_page=2&page=2>; rel="next"`);
    const second = await t.admin('GET', `${API}/events/${id}/history?per_page=2&page=2`);
    expect(typesOf(second)).to.deep.equal(['EventTrashed']);
    expect(second.headers.get('link')).to.equal(`<${history}?per_page=2>; rel="prev"`);
    const past = await t.admin('GET', `${API}/events/${id}/history?per_page=2&page=3`);
    expect(entriesOf(past)).to.deep.equal([]);
    expect(typesOf(await t.admin('GET', `${API}/events/${id}/history?per_page=500`))).to.have.length(3);
  });

  it('refuses a bad page or per_page with the usual 400', async () => {
    expectInvalidParams(await t.admin('GET', `${API}/events/${id}/history?page=0`), 'page');
    expectInvalidParams(await t.admin('GET', `${API}/events/${id}/history?page=2&per_page=foo`), 'per_page');
    expectInvalidParams(await t.by('anonymous', 'GET', `${API}/events/${id}/history?page=-1`), 'page');
  });

  it('never shows a password hash', async () => {
    const other = bodyOf(
      await t.admin('POST', `${API}/events`, {
        body: { title: 'Guarded', start_date: '2026-12-02 10:00:00', end_date: '2026-12-02 11:00:00' },
      }),
    );
    expect(
      (await t.admin('PATCH', `${API}/events/${other.id as number}`, { body: { password: 'letmein' } })).status,
    ).to.equal(200);
    expect((await t.admin('PATCH', `${API}/events/${other.id as number}`, { body: { password: '' } })).status).to.equal(
      200,
    );
    const res = await t.admin('GET', `${API}/events/${other.id as number}/history`);
    const [, set, cleared] = changesOf(res);
    expect(set).to.deep.equal({ passwordHash: { before: null, after: '[redacted]' } });
    expect(cleared).to.deep.equal({ passwordHash: { before: '[redacted]', after: null } });
    expect(res.text).to.not.include(createHash('sha256').update('letmein').digest('hex'));
  });

  it('an unknown event: 401 to anonymous callers, then 404 as the by-id read gives it', async () => {
    expectError(await t.by('anonymous', 'GET', `${API}/events/999999/history`), 401, 'rest_forbidden');
    expectError(await t.by('subscriber', 'GET', `${API}/events/999999/history`), 403, 'rest_forbidden');
    expectError(
      await t.by('editor', 'GET', `${API}/events/999999/history`),
      404,
      'rest-event-not-found',
      'Event with ID 999999 does not exist.',
    );
    expectError(await t.admin('GET', `${API}/events/0/history`), 404, 'rest-event-not-found');
    expectError(await t.admin('GET', `${API}/events/abc/history`), 404, 'rest_no_route');
  });

  it('speaks the request language in its errors', async () => {
    expectError(
      await t.by('anonymous', 'GET', `/es${API}/events/${id}/history`),
      401,
      'rest_forbidden',
      'Lo siento, no tienes permiso para hacer eso.',
    );
  });
});
