// Specifies the two middleware chains of the API (src/http/middleware/methodChains.ts): a write skips the layers that
// act on reads only, and each layer marked so passes every write straight on, so that skipping it changes no answer.
import { expect } from 'chai';
import Koa, { type Middleware } from 'koa';
import { inject } from 'light-my-request';
import { pino } from 'pino';
import { middlewareLayers } from '../../src/http/app.ts';
import { methodChains, writeMethods, type Layer } from '../../src/http/middleware/methodChains.ts';
import { createServiceMetrics } from '../../src/http/observability/metrics.ts';
import { ProjectionLagMeter } from '../../src/projections/projectionLag.ts';
import { partsBeside } from '../support/appBeside.ts';
import { adminAuth, startTestService, type TestService } from '../support/testService.ts';

/** A layer that records its name before and after the rest of the chain. */
const recording = (name: string, seen: string[], readsOnly?: true): Layer => ({
  name,
  middleware: async (_ctx, next) => {
    seen.push(name);
    await next();
    seen.push(`/${name}`);
  },
  ...(readsOnly ? { readsOnly } : {}),
});

async function run(middleware: Middleware, method: string): Promise<number> {
  const app = new Koa();
  app.use(middleware);
  app.use((ctx) => {
    ctx.body = 'end';
  });
  return (await inject(app.callback(), { method, url: '/x' })).statusCode;
}

describe('the middleware chains per method', () => {
  it('runs every layer in order for reads, and the others in the same order for writes', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', ...writeMethods]) {
      const seen: string[] = [];
      const layers = [
        recording('a', seen, true),
        recording('b', seen),
        recording('c', seen, true),
        recording('d', seen),
      ];
      expect(await run(methodChains(layers), method)).to.equal(200);
      const names = writeMethods.has(method) ? ['b', 'd'] : ['a', 'b', 'c', 'd'];
      expect(seen, method).to.deep.equal([...names, ...names.map((name) => `/${name}`).reverse()]);
    }
  });

  it('passes the error of a layer to the layers before it, and refuses a second call of next', async () => {
    const seen: string[] = [];
    const failing: Layer = {
      name: 'failing',
      middleware: () => {
        throw new Error('refused');
      },
    };
    const catching: Layer = {
      name: 'catching',
      middleware: async (ctx, next) => {
        await next().catch((error: Error) => seen.push(error.message));
        ctx.body = 'caught';
      },
    };
    expect(await run(methodChains([catching, failing]), 'POST')).to.equal(200);
    const twice: Middleware = async (_ctx, next) => {
      await next();
      await next().catch((error: Error) => seen.push(error.message));
    };
    expect(await run(methodChains([{ name: 'twice', middleware: twice }]), 'GET')).to.equal(200);
    expect(seen).to.deep.equal(['refused', 'next() called multiple times']);
  });

  describe('the layers a write skips', function () {
    this.timeout(60_000);
    let t: TestService;
    let layers: Layer[];
    before(async () => {
      t = await startTestService({ CAL_CORS_ORIGINS: '*' });
      const clock = () => new Date();
      const { store, readStore, projections } = t.service;
      const metrics = createServiceMetrics(async () => ({ events: 0, seconds: 0 }));
      const operations = { store, readStore, metrics, clock, maxLagSeconds: 5, lag: new ProjectionLagMeter(store) };
      layers = middlewareLayers(new Koa(), partsBeside(t, clock).parts, pino({ level: 'silent' }), {
        ...operations,
        appliedPosition: async () => projections.appliedPosition,
      });
    });
    after(async () => t.close());

    it('are the probes, the web pages, the conditional GET, the kept answers and OPTIONS', () => {
      const skipped = layers.filter((layer) => layer.readsOnly).map((layer) => layer.name);
      expect(skipped).to.deep.equal(['operationsRoutes', 'webPages', 'conditionalGet', 'keptAnswers', 'optionsAnswer']);
    });

    it('each pass every write straight on, setting no status, body or header', async () => {
      const paths = ['/health', '/ready', '/metrics', '/', '/es/', '/cal/events/v1', '/cal/events/v1/events', '/x'];
      for (const layer of layers.filter((candidate) => candidate.readsOnly)) {
        for (const method of writeMethods) {
          for (const url of paths) {
            const app = new Koa();
            let passedOn = 0;
            let headers: Record<string, unknown> = {};
            app.use(async (ctx) => {
              await layer.middleware(ctx, async () => {
                passedOn++;
              });
              headers = ctx.response.headers;
              ctx.body = { status: ctx.status, body: ctx.body === undefined ? 'none' : 'set' };
            });
            const res = await inject(app.callback(), { method, url, headers: { authorization: adminAuth } });
            const where = `${layer.name} ${method} ${url}`;
            expect(passedOn, where).to.equal(1);
            expect(JSON.parse(res.body), where).to.deep.equal({ status: 404, body: 'none' });
            expect(headers, where).to.deep.equal({});
          }
        }
      }
    });
  });
});
