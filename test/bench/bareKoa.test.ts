// The bare Koa reference answers a copy of the scenario's own answer: the very body bytes and the headers in their
// order, so that the ratio compares the service with bare Koa sending the same answer (issue 22: "bare Koa with the
// same body"); a body of the same size but other bytes costs the load generator another price.
import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { copiedHeaders, startBareKoa, type BareKoa } from '../../bench/bareKoa.ts';
import { LoadGenerator } from '../../bench/load.ts';
import { startScriptNodeFlags } from '../../bench/nodeProcesses.ts';
import { BareReferences } from '../../bench/scenarioRunner.ts';
import type { Scenario } from '../../bench/scenarios.ts';

function rawGet(url: string, method = 'GET'): Promise<{ rawHeaders: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject).end();
  });
}

/** A list answer as the service sends one, a title with non-ASCII letters in its body. */
const answer = {
  headers: [
    ['X-Request-Id', '7c0c2d0e-0b59-4c43-9d7e-2a3f3f1b8a11'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Allow', 'GET'],
    ['X-Cal-Total', '336'],
    ['Link', '<http://localhost:8080/cal/events/v1/events/?page=2>; rel="next"'],
    ['ETag', 'W/"j3-b8vOtcQusazcz5abcZHpeiOs"'],
    ['Content-Type', 'application/json; charset=UTF-8'],
  ] as [string, string][],
  body: Buffer.from(JSON.stringify([{ id: 1, title: 'Jazz a la plaça, cançons' }])),
};

describe('bench bare Koa reference: a copy of the scenario answer', function () {
  this.timeout(60_000);
  let bare: BareKoa;

  before(async () => (bare = await startBareKoa(startScriptNodeFlags())));
  after(async () => bare?.stop());

  it('leaves out the headers Node and Koa frame every answer with, keeping the others in order', () => {
    const received = [
      'X-Request-Id',
      'a',
      'Content-Length',
      '9',
      'Date',
      'now',
      'ETag',
      'W/"x"',
      'Connection',
      'close',
    ];
    expect(copiedHeaders([...received, 'Keep-Alive', 'timeout=5', 'Transfer-Encoding', 'chunked'])).to.deep.equal([
      ['X-Request-Id', 'a'],
      ['ETag', 'W/"x"'],
    ]);
  });

  it('answers the very bytes and headers, in order, to any method', async () => {
    const path = await bare.pathCopying(answer);
    for (const method of ['GET', 'POST']) {
      const got = await rawGet(`${bare.origin}${path}`, method);
      expect(got.body.equals(answer.body), method).to.equal(true);
      expect(copiedHeaders(got.rawHeaders), method).to.deep.equal(answer.headers);
      const length = got.rawHeaders.indexOf('Content-Length');
      expect(got.rawHeaders[length + 1]).to.equal(String(answer.body.length));
    }
  });

  it('measures each scenario against a copy of its own answer, not another of the same size', async () => {
    const load = new LoadGenerator(startScriptNodeFlags());
    try {
      const timing = { warmupSeconds: 0.1, rounds: 1, roundSeconds: 0.3 };
      const copies: string[] = [];
      const recording: BareKoa = {
        ...bare,
        pathCopying: async (copied) => {
          copies.push(await bare.pathCopying(copied));
          return copies.at(-1) as string;
        },
      };
      const references = new BareReferences(recording, load, timing);
      const scenario = (key: string) =>
        ({ key, plan: { kind: 'fixed', method: 'GET', path: '/x' }, headers: {} }) as unknown as Scenario;
      const other = { headers: [], body: Buffer.from(`"${'x'.repeat(answer.body.length - 2)}"`) };
      const first = await references.at(scenario('first'), answer, 2);
      const second = await references.at(scenario('second'), other, 2);
      const firstAgain = await references.at(scenario('first'), answer, 4);
      expect([first.bytes, second.bytes, firstAgain.bytes]).to.deep.equal([
        answer.body.length,
        other.body.length,
        answer.body.length,
      ]);
      for (const measured of [first, second, firstAgain]) expect(measured.ok).to.be.above(0);
      expect(copies).to.have.length(2);
      expect((await rawGet(`${bare.origin}${copies[0]}`)).body.equals(answer.body)).to.equal(true);
      expect((await rawGet(`${bare.origin}${copies[1]}`)).body.equals(other.body)).to.equal(true);
    } finally {
      await load.close();
    }
  });
});
