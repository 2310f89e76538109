// Specifies the error answers of the events routes: processing order,
// payload shape and the captured errors (docs/api.md §2, §13, E8, E10).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  API,
  asObject,
  bodyOf,
  capture,
  createEvent,
  expectError,
  expectInvalidParams,
  REASON,
  withReason,
} from './support/eventsApi.ts';

const NO_ROUTE = 'No route was found matching the URL and request method.';
const basic = (login: string, password: string): string =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe('Events route errors', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
    await createEvent(t, { title: 'Existing event' });
  });
  after(async () => t.close());

  describe('creating', () => {
    it('names a missing title with rest_missing_callback_param (capture 28)', async () => {
      const missing = capture('28');
      const res = await t.admin('POST', `${API}/events`, { body: missing.request.body });
      expectError(res, 400, 'rest_missing_callback_param', 'Missing parameter(s): title');
      expect(res.body).to.deep.equal(missing.response.body);
      expect(res.headers.get('allow')).to.equal('GET, POST');
    });

    it('names every missing required parameter', async () => {
      const res = await t.admin('POST', `${API}/events`, { body: {} });
      const data = expectError(
        res,
        400,
        'rest_missing_callback_param',
        'Missing parameter(s): title, start_date, end_date',
      );
      expect(data.params).to.deep.equal(['title', 'start_date', 'end_date']);
    });

    it('refuses an anonymous create with 401 rest_forbidden and Allow: GET (capture 29)', async () => {
      const noAuth = capture('29');
      const res = await t.request('POST', `${API}/events`, { body: noAuth.request.body });
      expectError(res, 401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
      expect(res.body).to.deep.equal(noAuth.response.body);
      expect(res.headers.get('allow')).to.equal('GET');
    });

    it('validates before checking permission: an anonymous create missing the title gets 400', async () => {
      const res = await t.request('POST', `${API}/events`, { body: capture('28').request.body });
      expectError(res, 400, 'rest_missing_callback_param', 'Missing parameter(s): title');
      const invalid = await t.request('POST', `${API}/events`, {
        body: { title: 'Bad', start_date: 'garbage', end_date: '2026-11-25 12:00:00' },
      });
      expectInvalidParams(invalid, 'start_date');
    });

    it('answers malformed JSON with 400 rest_invalid_json', async () => {
      const res = await t.admin('POST', `${API}/events`, { rawBody: '{"title": "Broken",' });
      expect(res.status).to.equal(400);
      const body = bodyOf(res);
      // Only this code may carry extra `data` members describing the parse failure (§13.1).
      expect(Object.keys(body)).to.deep.equal(['code', 'message', 'data']);
      expect(body).to.include({ code: 'rest_invalid_json', message: 'Invalid JSON body passed.' });
      expect(asObject(body.data).status).to.equal(400);
      expect(Object.keys(asObject(body.data))[0]).to.equal('status');
    });

    it('answers a body over the 1 MB limit with 413 in the wire format, and writes nothing', async () => {
      const before = bodyOf(await t.admin('GET', `${API}/events?status=any&per_page=1`)).total;
      const res = await t.admin('POST', `${API}/events`, {
        rawBody: JSON.stringify({
          title: 'x'.repeat(1_100_000),
          start_date: '2026-11-25 10:00',
          end_date: '2026-11-25 11:00',
        }),
      });
      expectError(res, 413, 'rest_payload_too_large');
      expect(bodyOf(await t.admin('GET', `${API}/events?status=any&per_page=1`)).total).to.equal(before);
    });

    it('accepts a form-encoded body', async () => {
      const res = await t.admin('POST', `${API}/events`, {
        rawBody: 'title=Form+event&start_date=2026-11-25+10%3A00%3A00&end_date=2026-11-25+12%3A00%3A00',
        contentType: 'application/x-www-form-urlencoded',
      });
      expect(res.status, res.text).to.equal(201);
    });
  });

  describe('reading', () => {
    it('answers an unknown id with 404 rest-event-not-found (capture 32, E10)', async () => {
      const res = await t.request('GET', `${API}/events/999999`);
      expectError(res, 404, 'rest-event-not-found', 'Event with ID 999999 does not exist.');
      expect(res.body).to.deep.equal(capture('32').response.body);
      expect(res.headers.get('allow')).to.equal('GET');
    });

    it('allows the administrator every method on an unknown id, by the general rule', async () => {
      const res = await t.admin('GET', `${API}/events/999999`);
      expectError(res, 404, 'rest-event-not-found');
      expect(res.headers.get('allow')).to.equal('GET, DELETE, POST, PUT, PATCH');
    });

    it('answers id 0 as an unknown id', async () => {
      expectError(
        await t.request('GET', `${API}/events/0`),
        404,
        'rest-event-not-found',
        'Event with ID 0 does not exist.',
      );
    });

    it('answers a non-numeric id with 404 rest_no_route and no Allow (capture 33)', async () => {
      const res = await t.request('GET', `${API}/events/abc`);
      expectError(res, 404, 'rest_no_route', NO_ROUTE);
      expect(res.body).to.deep.equal(capture('33').response.body);
      expect(res.headers.get('allow')).to.equal(null);
    });

    it('answers an unknown slug with 400 naming slug (capture 34)', async () => {
      const res = await t.request('GET', `${API}/events/by-slug/no-such-event`);
      expectInvalidParams(res, 'slug');
      expect(res.body).to.deep.equal(
        withReason(capture('34').response.body, 'slug', 'unknown-slug', REASON.unknownSlug),
      );
      expect(res.headers.get('allow')).to.equal('GET');
    });

    it('answers an empty slug with 404 rest_no_route', async () => {
      expectError(await t.request('GET', `${API}/events/by-slug/`), 404, 'rest_no_route');
    });
  });

  describe('listing', () => {
    it('refuses page=0 exactly as capture 36', async () => {
      const res = await t.request('GET', `${API}/events?page=0`);
      expectInvalidParams(res, 'page');
      expect(res.body).to.deep.equal(
        withReason(capture('36').response.body, 'page', 'not-a-positive-integer', REASON.positiveInteger),
      );
    });

    for (const page of ['-1', 'foo', 'foo bar', '1.5']) {
      it(`refuses page=${page}`, async () => {
        expectInvalidParams(await t.request('GET', `${API}/events?page=${encodeURIComponent(page)}`), 'page');
      });
    }

    it('refuses a non-integer per_page exactly as capture 37', async () => {
      const res = await t.request('GET', `${API}/events?per_page=abc`);
      expectInvalidParams(res, 'per_page');
      expect(res.body).to.deep.equal(
        withReason(capture('37').response.body, 'per_page', 'not-a-positive-integer', REASON.positiveInteger),
      );
    });

    it('refuses a bad start_date exactly as capture 38', async () => {
      const res = await t.request('GET', `${API}/events?start_date=garbage`);
      expectInvalidParams(res, 'start_date');
      expect(res.body).to.deep.equal(
        withReason(capture('38').response.body, 'start_date', 'not-a-date', REASON.notADate),
      );
      expect(res.headers.get('allow')).to.equal('GET');
    });

    it('names several invalid parameters in declaration order, whatever the query order', async () => {
      expectInvalidParams(
        await t.request('GET', `${API}/events?page=0&start_date=garbage&featured=maybe`),
        'page',
        'start_date',
        'featured',
      );
      expectInvalidParams(
        await t.request('GET', `${API}/events?featured=maybe&start_date=garbage&page=0`),
        'page',
        'start_date',
        'featured',
      );
    });
  });

  describe('routing and credentials', () => {
    it('answers an unknown path with 404 rest_no_route', async () => {
      expectError(await t.request('GET', `${API}/happenings`), 404, 'rest_no_route', NO_ROUTE);
      expectError(await t.request('GET', '/nowhere'), 404, 'rest_no_route', NO_ROUTE);
    });

    it('answers a method the route does not list (PUT /events) with 404 rest_no_route', async () => {
      expectError(await t.admin('PUT', `${API}/events`, { body: { title: 'x' } }), 404, 'rest_no_route', NO_ROUTE);
      expectError(await t.admin('DELETE', `${API}/events`), 404, 'rest_no_route', NO_ROUTE);
    });

    it('answers a wrong password with 401 incorrect_password and a Basic challenge, before routing', async () => {
      const message = 'The username or password is incorrect.';
      for (const path of [`${API}/events`, `${API}/nowhere`]) {
        const res = await t.request('GET', path, { auth: basic('admin', 'nope') });
        expectError(res, 401, 'incorrect_password', message);
        expect(res.headers.get('www-authenticate')).to.equal('Basic realm="cal/events/v1", charset="UTF-8"');
      }
    });

    it('answers an unknown login exactly as a wrong password, so that no one learns which logins exist', async () => {
      const unknown = await t.request('GET', `${API}/events`, { auth: basic('nobody', 'whatever') });
      const wrong = await t.request('GET', `${API}/events`, { auth: basic('admin', 'whatever') });
      expect(unknown.status).to.equal(401);
      expect(unknown.text).to.equal(wrong.text);
      expect(unknown.headers.get('www-authenticate')).to.equal(wrong.headers.get('www-authenticate'));
    });

    it('challenges anonymous callers refused with 401, and no one refused with 403', async () => {
      const anonymous = await t.request('POST', `${API}/events`, {
        body: { title: 'x', start_date: 'now', end_date: 'now' },
      });
      expectError(anonymous, 401, 'rest_forbidden');
      expect(anonymous.headers.get('www-authenticate')).to.equal('Basic realm="cal/events/v1", charset="UTF-8"');
      expect((await t.request('GET', `${API}/events/999999`)).headers.get('www-authenticate')).to.equal(null);
    });

    it('treats a non-Basic scheme as anonymous', async () => {
      const res = await t.request('GET', `${API}/events`, { auth: 'Bearer abc' });
      expect(res.status).to.equal(200);
      expect(res.headers.get('allow')).to.equal('GET');
    });
  });
});
