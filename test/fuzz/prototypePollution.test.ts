// Fuzzes prototype pollution: no query, form or JSON key reaches a prototype of the process the service runs in,
// and what the service stores and answers never carries a member it was not given as data.
import { expect } from 'chai';
import fc from 'fast-check';
import { fuzzParameters, suiteTimeoutMs } from './support/fuzzSettings.ts';
import { API, prototypeSnapshot, startFuzzService, type FuzzService } from './support/fuzzService.ts';
import { pollutingRequest, pollutionMarker } from './support/pollutingRequests.ts';
import { adminAuth } from '../support/testService.ts';
import { describeRequest, expectWireResponse } from './support/wireResponse.ts';

const share = 0.2;

/** Whether a fresh object, array or function would show the marker: the in-process signs of a pollution. */
const polluted = (): boolean =>
  pollutionMarker in {} ||
  pollutionMarker in [] ||
  pollutionMarker in (() => undefined) ||
  Object.prototype.hasOwnProperty.call(Object.prototype, pollutionMarker);

describe('Fuzzing: prototype pollution', function () {
  this.timeout(suiteTimeoutMs(share));
  let fuzz: FuzzService;
  const prototypesBefore = prototypeSnapshot();
  before(async () => (fuzz = await startFuzzService()));
  after(async () => fuzz?.close());

  it(
    'lets no query, form or JSON key reach a prototype, and answers every such request in the ' + 'wire format',
    async () => {
      await fc.assert(
        fc.asyncProperty(pollutingRequest, async (req) => {
          const res = await fuzz.send(req);
          expectWireResponse(req, res);
          expect(polluted(), `polluted by ${describeRequest(req)}`).to.equal(false);
          expect(
            res.text.includes(`"${pollutionMarker}"`),
            `echoed a polluting member: ${describeRequest(req)}\n${res.text.slice(0, 300)}`,
          ).to.equal(false);
        }),
        fuzzParameters(share),
      );
      expect(prototypeSnapshot()).to.equal(prototypesBefore);
    },
  );

  it('stores and serves no polluting member: every item, list and history reads back clean', async () => {
    const reads = [
      '/events?per_page=50&status=any',
      '/venues?per_page=50',
      '/organizers?per_page=50',
      '/categories?per_page=50',
      '/tags?per_page=50',
      '/events/3/history',
    ];
    for (const path of reads) {
      const res = await fuzz.send({ method: 'GET', path: `${API}${path}`, headers: { authorization: adminAuth } });
      expect(res.status, `${path}: ${res.text.slice(0, 200)}`).to.equal(200);
      expect(res.text.includes(`"${pollutionMarker}"`), `${path} carries "${pollutionMarker}"`).to.equal(false);
    }
    // A probe created now, after the fuzzing, must come back with exactly the members of a representation.
    const created = await fuzz.send({
      method: 'POST',
      path: `${API}/categories`,
      headers: { authorization: adminAuth, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ name: 'Pollution probe' })),
    });
    expect(created.status, created.text).to.equal(201);
    expect(Object.keys(JSON.parse(created.text) as object)).to.not.include(pollutionMarker);
    expect(polluted()).to.equal(false);
  });
});
