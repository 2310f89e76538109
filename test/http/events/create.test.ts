// Specifies POST /events: the created event's representation and
// the create response headers (docs/api.md §1.5, §4.1, §10.1, E3).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  API,
  AUTH_CACHE_CONTROL,
  asObject,
  bodyOf,
  capture,
  createEvent,
  renumbered,
  withoutLinks,
  type JsonObject,
} from './support/eventsApi.ts';

describe('POST /events (create)', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(async () => t.close());

  it(
    'answers the minimal create of capture 09 with 201 and exactly its body, ids numbered from ' + '1, keys in order',
    async () => {
      const minimal = capture('09');
      t.setNow(new Date('2026-11-22T10:52:29Z'));
      const res = await t.admin('POST', `${API}/events`, { body: minimal.request.body });
      expect(res.status).to.equal(201);
      const expected = renumbered(minimal.response.body, 1);
      expect(res.body).to.deep.equal(expected);
      expect(Object.keys(bodyOf(res))).to.deep.equal(Object.keys(expected));
    },
  );

  it(
    'sends Allow: GET, POST, a first-revision ETag, the JSON content type, nosniff, no-store ' +
      'caching and no Location',
    async () => {
      const res = await t.admin('POST', `${API}/events`, {
        body: { title: 'Header Event', start_date: '2026-11-25 10:00:00', end_date: '2026-11-25 12:00:00' },
      });
      expect(res.status).to.equal(201);
      expect(res.headers.get('allow')).to.equal('GET, POST');
      expect(res.headers.get('location')).to.equal(null);
      expect(res.headers.get('etag')).to.equal('W/"0"');
      expect(res.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
      expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(res.headers.get('cache-control')).to.equal(AUTH_CACHE_CONTROL);
    },
  );

  it(
    'stores every unlinked field of capture 10: HTML description, paragraph excerpt, New York ' +
      'dates, cost, website, flags',
    async () => {
      const full = capture('10');
      const {
        venue: _venue,
        organizer: _organizer,
        categories: _categories,
        tags: _tags,
        ...fields
      } = full.request.body ?? {};
      t.setNow(new Date('2026-11-22T10:52:29Z'));
      const res = await t.admin('POST', `${API}/events`, { body: fields });
      expect(res.status).to.equal(201);
      const body = bodyOf(res);
      const expected = withoutLinks(renumbered(full.response.body, body.id as number));
      expect(body).to.deep.equal(expected);
      expect(Object.keys(body)).to.deep.equal(Object.keys(expected));
      // The parts of the capture that matter most, spelled out.
      expect(body).to.include({
        excerpt: '<p>Short excerpt</p>',
        utc_start_date: '2026-11-27 19:00:00',
        timezone_abbr: 'EST',
        cost: '$10',
        website: 'https://example.com/full',
      });
      expect(body.cost_details).to.deep.equal({
        currency_symbol: '',
        currency_code: '',
        currency_position: '',
        values: ['10'],
      });
    },
  );

  it('stretches an all-day event over whole days (capture 11)', async () => {
    const allDay = capture('11');
    t.setNow(new Date('2026-11-22T10:52:30Z'));
    const res = await t.admin('POST', `${API}/events`, { body: allDay.request.body });
    expect(res.status).to.equal(201);
    const body = bodyOf(res);
    const expected = renumbered(allDay.response.body, body.id as number);
    expect(body).to.deep.equal(expected);
    expect(Object.keys(body)).to.deep.equal(Object.keys(expected));
  });

  it(
    'gives omitted fields their defaults: status publish, author "1", booleans false, website = ' +
      'url, site time zone',
    async () => {
      t.setNow(new Date('2026-11-22T10:52:28Z'));
      const body = await createEvent(t, { title: 'Defaults' });
      expect(body).to.include({
        status: 'publish',
        author: '1',
        date: '2026-11-22 10:52:28',
        date_utc: '2026-11-22 10:52:28',
        timezone: 'UTC',
        all_day: false,
        show_map: false,
        show_map_link: false,
        hide_from_listings: false,
        sticky: false,
        featured: false,
        url: 'http://localhost:8080/event/defaults/',
        website: 'http://localhost:8080/event/defaults/',
      });
    },
  );

  it(
    'ignores generated keys sent by the client (id, url, rest_url, global_id, utc_*, *_details, ' + 'modified)',
    async () => {
      const body = await createEvent(t, {
        title: 'Generated keys',
        id: 4242,
        url: 'http://evil.example/',
        rest_url: 'http://evil.example/rest',
        global_id: 'evil?id=1',
        utc_start_date: '1999-01-01 00:00:00',
        start_date_details: { year: '1999' },
        timezone_abbr: 'XYZ',
        modified: '1999-01-01 00:00:00',
      });
      expect(body.id).to.not.equal(4242);
      expect(body.url).to.equal('http://localhost:8080/event/generated-keys/');
      expect(body.global_id).to.equal(`localhost?id=${String(body.id)}`);
      expect(body.utc_start_date).to.equal('2026-12-01 10:00:00');
      expect(asObject(body.start_date_details).year).to.equal('2026');
      expect(body.timezone_abbr).to.equal('UTC');
      expect(body.modified).to.not.equal('1999-01-01 00:00:00');
    },
  );

  it('trims the title and keeps a plain-text description as a paragraph', async () => {
    const body: JsonObject = await createEvent(t, { title: '  Spaced title  ', description: 'Line one\nLine two' });
    expect(body.title).to.equal('Spaced title');
    expect(body.description).to.equal('<p>Line one<br />\nLine two</p>');
  });

  for (const [input, cost, symbol, position, values] of [
    ['10', '$10', '', '', ['10']],
    ['20$', '20$', '$', 'postfix', ['20']],
    [['0$', '20$', '30$'], 'Free – 30$', '$', 'postfix', ['0', '20', '30']],
    [['10', '5'], '$5 – $10', '', '', ['5', '10']],
    ['Donation', 'Donation', '', '', []],
  ] as const) {
    it(`parses the cost ${JSON.stringify(input)} as ${JSON.stringify(cost)} (the §4.7 cost table)`, async () => {
      const body = await createEvent(t, { title: 'Cost', cost: typeof input === 'string' ? input : [...input] });
      expect(body.cost).to.equal(cost);
      expect(body.cost_details).to.deep.equal({
        currency_symbol: symbol,
        currency_code: '',
        currency_position: position,
        values: [...values],
      });
    });
  }

  it('paragraph-formats the description: blocks at blank lines, <br /> inside, block-level tags kept', async () => {
    const body = await createEvent(t, {
      title: 'Paragraphs',
      description: 'First para\nline two\n\nSecond para\n\n<ul><li>x</li></ul>',
      excerpt: '   ',
    });
    expect(body.description).to.equal('<p>First para<br />\nline two</p>\n<p>Second para</p>\n<ul><li>x</li></ul>');
    expect(body.excerpt).to.equal('');
  });

  it('accepts typed booleans as JSON booleans, 1/0, or those words in any case', async () => {
    const body = await createEvent(t, {
      title: 'Boolean forms',
      featured: 'TRUE',
      sticky: 1,
      show_map: '0',
      all_day: 'False',
      show_map_link: true,
      hide_from_listings: 0,
    });
    expect(body).to.include({
      featured: true,
      sticky: true,
      show_map: false,
      all_day: false,
      show_map_link: true,
      hide_from_listings: false,
    });
    const res = await t.admin('POST', `${API}/events`, {
      body: {
        title: 'Yes is no boolean',
        featured: 'yes',
        start_date: '2026-12-01 10:00:00',
        end_date: '2026-12-01 11:00:00',
      },
    });
    expect(res.status).to.equal(400);
    expect(bodyOf(res).message).to.equal('Invalid parameter(s): featured');
  });

  it(
    'shows the stored website with HTML special characters as entities, and refuses a URL ' + 'without scheme',
    async () => {
      const body = await createEvent(t, { title: 'Escaped site', website: `https://example.com/?a=1&b="2"&c='3'<x>` });
      expect(body.website).to.equal('https://example.com/?a=1&amp;b=&quot;2&quot;&amp;c=&#039;3&#039;&lt;x&gt;');
      const res = await t.admin('POST', `${API}/events`, {
        body: {
          title: 'Bad site',
          website: 'example.com',
          start_date: '2026-12-01 10:00:00',
          end_date: '2026-12-01 11:00:00',
        },
      });
      expect(res.status).to.equal(400);
      expect(bodyOf(res).message).to.equal('Invalid parameter(s): website');
    },
  );

  it('takes a name from the JSON body before the query string', async () => {
    const res = await t.admin('POST', `${API}/events?title=From+query&featured=true`, {
      body: { title: 'From JSON', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
    });
    expect(bodyOf(res)).to.include({ title: 'From JSON', featured: true });
  });

  it('answers a read right after the create with the created event (read-your-writes)', async () => {
    const created = await createEvent(t, { title: 'Read after create' });
    const res = await t.request('GET', `${API}/events/${String(created.id)}`);
    expect(res.status).to.equal(200);
    const { json_ld: _jsonLd, ...read } = bodyOf(res);
    expect(read).to.deep.equal(created);
  });
});
