// Fuzzes every route with random requests from every role: no 5xx, every answer in the wire format, the process
// alive, and nothing written by a request the service refused.
import { expect } from 'chai';
import fc from 'fast-check';
import { fuzzParameters, suiteTimeoutMs } from './support/fuzzSettings.ts';
import { prototypeSnapshot, startFuzzService, type FuzzService } from './support/fuzzService.ts';
import { fuzzRequest } from './support/requestArbitraries.ts';
import { describeRequest, expectWireResponse } from './support/wireResponse.ts';

const share = 0.45;

describe('Fuzzing: any request to any route', function () {
  this.timeout(suiteTimeoutMs(share));
  let fuzz: FuzzService;
  const prototypesBefore = prototypeSnapshot();
  before(async () => (fuzz = await startFuzzService()));
  after(async () => fuzz?.close());

  it('answers every request below 500, in the wire format, and writes nothing for a refused one', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzRequest, async (req) => {
        const headBefore = await fuzz.t.service.store.headPosition();
        const res = await fuzz.send(req);
        expectWireResponse(req, res);
        if (res.status >= 400) {
          expect(
            await fuzz.writesSince(headBefore),
            `refused with ${res.status} yet wrote: ${describeRequest(req)}`,
          ).to.deep.equal([]);
        }
      }),
      fuzzParameters(share),
    );
    await fuzz.expectAlive();
  });

  it('left the prototypes of the process as they were', () => {
    expect(prototypeSnapshot()).to.equal(prototypesBefore);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });
});
