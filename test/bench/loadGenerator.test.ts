// The load generator process: it measures what a server answers (2xx counted, other statuses flagged), walks the
// plan's paths, and keeps a run's method and body when it is pointed at another path (the bare Koa reference).
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { LoadGenerator } from '../../bench/load.ts';
import { startScriptNodeFlags } from '../../bench/nodeProcesses.ts';
import { summarizeRounds } from '../../bench/rounds.ts';

describe('bench load generator', function () {
  this.timeout(60_000);
  const seen: { method: string; path: string; body: string; authorization: string | undefined }[] = [];
  let server: Server;
  let origin: string;
  let load: LoadGenerator;
  const quick = { connections: 4, warmupSeconds: 0.2, rounds: 2, roundSeconds: 0.5 };

  before(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({
          method: request.method ?? '',
          path: request.url ?? '',
          body,
          authorization: request.headers.authorization,
        });
        response.writeHead(request.url === '/fail' ? 500 : 200, { 'content-type': 'application/json' });
        response.end('{"ok":true}');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    load = new LoadGenerator(startScriptNodeFlags());
  });

  after(async () => {
    await load?.close();
    server?.closeAllConnections();
    server?.close();
  });

  beforeEach(() => (seen.length = 0));

  it('runs the warm-up and the rounds, walking distinct paths, and counts 2xx answers', async () => {
    const result = await load.run({
      origin,
      plan: { kind: 'readEvents', method: 'GET', prefix: '/events/', firstId: 1, count: 1_000_003, start: 0 },
      headers: {},
      ...quick,
    });
    expect(result.failure).to.equal(undefined);
    expect(result.rounds).to.have.length(2);
    const summary = summarizeRounds(result.rounds);
    expect(summary).to.include({ flagged: false, broken: false });
    expect(summary.ok).to.be.above(0);
    expect(summary.p99Ms).to.be.at.least(summary.p50Ms);
    expect(seen.length).to.be.at.least(summary.ok);
    expect(new Set(seen.map((request) => request.path)).size).to.equal(seen.length);
    expect(result.issued).to.be.at.least(seen.length);
  });

  it('flags answers that are not 2xx, and calls a run without any 2xx broken', async () => {
    const result = await load.run({
      origin,
      plan: { kind: 'fixed', method: 'GET', path: '/fail' },
      headers: {},
      ...quick,
    });
    const summary = summarizeRounds(result.rounds);
    expect(summary).to.include({ flagged: true, broken: true, ok: 0 });
    expect(summary.otherStatuses['500']).to.be.above(0);
  });

  it('keeps method, headers and bodies when pointed at another path', async () => {
    const result = await load.run({
      origin,
      pathOverride: '/bare/123',
      plan: { kind: 'updateEvents', method: 'PATCH', prefix: '/events/', firstId: 1, count: 50, start: 0 },
      headers: { authorization: 'Basic eDp5' },
      ...quick,
    });
    expect(summarizeRounds(result.rounds).ok).to.be.above(0);
    expect(new Set(seen.map((request) => `${request.method} ${request.path}`))).to.deep.equal(
      new Set(['PATCH /bare/123']),
    );
    expect(JSON.parse(seen[0]?.body ?? '')).to.have.keys('description', 'featured');
    expect(seen[0]?.authorization).to.equal('Basic eDp5');
  });
});
