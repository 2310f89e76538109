// Specifies conditional GET (RFC 9110 §13.1.2): every GET answer carries an ETag, and If-None-Match naming it gets 304.
import { expect } from 'chai';
import { startTestService, type TestService } from '../support/testService.ts';
import { API, createEvent } from './events/support/eventsApi.ts';

describe('conditional GET', () => {
  let t: TestService;
  let id: number;
  before(async () => {
    t = await startTestService({ CAL_CORS_ORIGINS: '*' });
    id = (await createEvent(t, { title: 'Cached' })).id as number;
    await t.admin('POST', `${API}/categories`, { body: { name: 'Cached terms' } });
  });
  after(async () => t.close());

  const paths = () => [
    `${API}/events/${id}`,
    `${API}/events`,
    `${API}/events?per_page=1`,
    `${API}/venues`,
    `${API}/organizers`,
    `${API}/categories?hide_empty=false`,
    `${API}/tags`,
    API,
    `${API}/doc`,
  ];

  it(
    'answers 304 with no body to If-None-Match naming the current ETag, on items, lists, the ' + 'index and /doc',
    async () => {
      for (const path of paths()) {
        const first = await t.request('GET', path);
        const etag = first.headers.get('etag');
        expect(etag, path).to.be.a('string');
        const again = await t.request('GET', path, { headers: { 'if-none-match': etag as string } });
        expect(again.status, path).to.equal(304);
        expect(again.text, path).to.equal('');
        expect(again.headers.get('etag'), path).to.equal(etag);
        const other = await t.request('GET', path, { headers: { 'if-none-match': 'W/"not-it", W/"nor-this"' } });
        expect(other.status, path).to.equal(200);
        expect(other.text, path).to.equal(first.text);
      }
    },
  );

  it('gives a list a new ETag when what it lists changes', async () => {
    const before = (await t.request('GET', `${API}/events`)).headers.get('etag') as string;
    await createEvent(t, { title: 'Changes the list' });
    const after = await t.request('GET', `${API}/events`, { headers: { 'if-none-match': before } });
    expect(after.status).to.equal(200);
    expect(after.headers.get('etag')).to.not.equal(before);
  });

  it('exposes ETag to browser code on other origins, besides the list headers', async () => {
    const res = await t.request('GET', `${API}/events`, { headers: { origin: 'https://app.example' } });
    expect(res.headers.get('access-control-expose-headers')).to.equal(
      'X-Cal-Total, X-Cal-TotalPages, Link, ETag, X-Cal-Truncated',
    );
  });
});
