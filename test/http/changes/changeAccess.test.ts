// Specifies who may follow GET /changes, the stream's headers, and how bad arguments are refused (docs/api.md §2, §13).
import { expect } from 'chai';
import { startRoleService, as, type RoleTestService } from '../../support/roleService.ts';
import { waitFor } from '../../support/sseClient.ts';
import { expectError, expectInvalidParams } from '../events/support/eventsApi.ts';
import { CHANGES, openFeed } from './support/changesApi.ts';

describe('GET /changes: access, headers and arguments', function () {
  let t: RoleTestService;
  before(async () => {
    t = await startRoleService();
  });
  after(async () => t.close());

  for (const who of ['admin', 'editor'] as const) {
    it(`opens the stream for the ${who}`, async () => {
      const feed = await openFeed(t, '', { auth: as(who) ?? undefined });
      feed.abort();
      expect(feed.status).to.equal(200);
    });
  }

  for (const who of ['author', 'contributor', 'subscriber'] as const) {
    it(`refuses the ${who} with 403 rest_forbidden before any stream opens`, async () => {
      const res = await t.by(who, 'GET', CHANGES);
      expectError(res, 403, 'rest_forbidden');
      expect(res.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
      expect(t.service.changeFeeds?.count).to.equal(0);
    });
  }

  it('refuses anonymous callers with 401 rest_forbidden', async () => {
    expectError(await t.by('anonymous', 'GET', CHANGES), 401, 'rest_forbidden');
  });

  it('answers with the event-stream headers and the reconnection delay first', async () => {
    const feed = await openFeed(t);
    try {
      expect(feed.headers['content-type']).to.equal('text/event-stream; charset=utf-8');
      expect(feed.headers['cache-control']).to.equal('no-cache');
      expect(feed.headers['x-accel-buffering']).to.equal('no');
      expect(feed.headers.connection).to.equal('keep-alive');
      expect(feed.headers['x-content-type-options']).to.equal('nosniff');
      expect(feed.headers.allow).to.equal('GET');
      await waitFor(() => feed.retries.length > 0, 'the retry line');
      expect(feed.retries).to.deep.equal([2000]);
    } finally {
      feed.abort();
    }
  });

  it('answers HEAD with the stream headers and no body', async () => {
    const res = await t.admin('HEAD', CHANGES);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/event-stream; charset=utf-8');
    expect(res.text).to.equal('');
  });

  it('refuses a `from` that is neither an unsigned integer nor start, naming it', async () => {
    for (const from of ['abc', '-1', '1.5', '18446744073709551616', '', 'Start']) {
      expectInvalidParams(await t.admin('GET', `${CHANGES}?from=${encodeURIComponent(from)}`), 'from');
    }
  });

  it('refuses unknown or empty kinds, naming `kinds`, in comma and repeated forms', async () => {
    expectInvalidParams(await t.admin('GET', `${CHANGES}?kinds=event,planet`), 'kinds');
    expectInvalidParams(await t.admin('GET', `${CHANGES}?kinds[]=event&kinds[]=user`), 'kinds');
    expectInvalidParams(await t.admin('GET', `${CHANGES}?kinds=`), 'kinds');
  });

  it('refuses a bad Last-Event-ID header, naming it after the query parameters', async () => {
    expectInvalidParams(await t.admin('GET', CHANGES, { headers: { 'last-event-id': 'x7' } }), 'Last-Event-ID');
    const both = await t.admin('GET', `${CHANGES}?kinds=nope&from=z`, { headers: { 'last-event-id': '-3' } });
    expectInvalidParams(both, 'from', 'kinds', 'Last-Event-ID');
  });

  it('validates before checking permission, as every route does (docs/api.md §2)', async () => {
    expectInvalidParams(await t.by('anonymous', 'GET', `${CHANGES}?from=x`), 'from');
    expectInvalidParams(await t.by('subscriber', 'GET', `${CHANGES}?kinds=x`), 'kinds');
  });

  it('speaks the request language in its errors', async () => {
    const res = await t.admin('GET', `/es/cal/events/v1/changes?from=x`);
    expect(res.status).to.equal(400);
    expect((res.body as { message: string }).message).to.equal('Parámetros no válidos: from');
  });

  it('has no other methods (404 rest_no_route)', async () => {
    expectError(await t.admin('POST', CHANGES, { body: {} }), 404, 'rest_no_route');
  });
});
