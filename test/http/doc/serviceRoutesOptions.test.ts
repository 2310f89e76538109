// Specifies OPTIONS on every route the service registers (docs/api.md §1.1, §19): the reference's routes answer their
// index entry, the service's own routes (history, change feed, digest, event catalogue, and any added later) the same
// shape plus a description; none answers 404.
import { expect } from 'chai';
import type Router from '@koa/router';
import { captureTime, startTestService, type TestService } from '../../support/testService.ts';
import { appBeside, partsBeside } from '../../support/appBeside.ts';

const API = '/cal/events/v1';
type Entry = {
  namespace: string;
  methods: string[];
  endpoints: { methods: string[]; args: Record<string, unknown> }[];
  description?: string;
};

/**
 * The API paths every router of the app registers, as Koa matches them (`/cal/events/v1/events/:id`); /health, /ready
 * and /metrics sit beside the API, outside its path and wire format.
 */
async function registeredPaths(t: TestService): Promise<string[]> {
  const clock = () => captureTime;
  const app = appBeside(t, partsBeside(t, clock).parts, clock);
  const routers = app.middleware
    .map((middleware) => (middleware as { router?: Router }).router)
    .filter((router) => router !== undefined);
  const paths = routers.flatMap((router) => router.stack.map((layer) => layer.path));
  return [...new Set(paths)].filter((path): path is string => typeof path === 'string' && path.startsWith(API));
}

describe('OPTIONS on every route the service registers', function () {
  this.timeout(60_000);
  let t: TestService;
  let paths: string[];
  before(async () => {
    t = await startTestService();
    paths = await registeredPaths(t);
  });
  after(async () => t.close());

  it("finds the reference routes and the service's own among the registered paths", () => {
    expect(paths).to.include.members([
      `${API}/events/:id`,
      `${API}/changes`,
      `${API}/read-model/digest`,
      `${API}/doc/events`,
      `${API}/tags/:id/history`,
    ]);
  });

  it("answers 200 with Allow and the route's entry on each, for anonymous callers too", async () => {
    for (const path of paths) {
      const concrete = path.replace(':id', '7').replace(':slug', 'some-slug');
      const res = await t.request('OPTIONS', concrete);
      expect(res.status, `${concrete}: ${res.text}`).to.equal(200);
      const entry = res.body as Entry;
      expect(res.headers.get('allow'), concrete).to.equal(entry.methods.join(', '));
      expect(entry.namespace).to.equal('cal/events/v1');
      expect(entry.endpoints.length, concrete).to.be.greaterThan(0);
      for (const endpoint of entry.endpoints) expect(endpoint.args, concrete).to.have.property('i18n_language');
    }
  });

  it("describes the service's own routes in a sentence, and the reference's exactly as the index does", async () => {
    const index = (await t.request('GET', API)).body as { routes: Record<string, Entry> };
    for (const path of paths) {
      const concrete = path.replace(':id', '7').replace(':slug', 'some-slug');
      const entry = (await t.request('OPTIONS', concrete)).body as Entry;
      const listed = Object.values(index.routes).some((indexed) => JSON.stringify(indexed) === JSON.stringify(entry));
      if (listed) continue;
      expect(entry.description, concrete).to.be.a('string').with.length.greaterThan(40);
    }
  });

  it('names the arguments of the change feed and the history, and the methods they answer', async () => {
    const changes = (await t.request('OPTIONS', `${API}/changes`)).body as Entry;
    expect(changes.methods).to.deep.equal(['GET']);
    expect(Object.keys(changes.endpoints[0]?.args ?? {})).to.deep.equal(['from', 'kinds', 'i18n_language']);
    expect(changes.description).to.match(/Last-Event-ID/);
    const history = await t.request('OPTIONS', `/es${API}/venues/12/history/`);
    expect(history.status).to.equal(200);
    expect(history.headers.get('allow')).to.equal('GET');
    expect(Object.keys((history.body as Entry).endpoints[0]?.args ?? {})).to.deep.equal([
      'id',
      'page',
      'per_page',
      'i18n_language',
    ]);
  });

  it('keeps them out of the index, and still answers 404 on paths no route has', async () => {
    const index = (await t.request('GET', API)).body as { routes: Record<string, Entry> };
    expect(Object.keys(index.routes).filter((key) => /changes|history|digest|doc\/events/.test(key))).to.deep.equal([]);
    for (const path of [`${API}/changes/7`, `${API}/events/7/history/x`, `${API}/doc/other`, `${API}/read-model`]) {
      expect((await t.request('OPTIONS', path)).status, path).to.equal(404);
    }
  });
});
