// Fuzzes writes that must be refused: each leaves the read model and the event store exactly as they were.
import { expect } from 'chai';
import fc from 'fast-check';
import { fuzzParameters, suiteTimeoutMs } from './support/fuzzSettings.ts';
import { startFuzzService, type FuzzService } from './support/fuzzService.ts';
import { invalidWrite } from './support/invalidWrites.ts';
import { describeRequest, expectWireResponse } from './support/wireResponse.ts';

const share = 0.2;

describe('Fuzzing: refused writes', function () {
  this.timeout(suiteTimeoutMs(share));
  let fuzz: FuzzService;
  before(async () => (fuzz = await startFuzzService()));
  after(async () => fuzz?.close());

  it('answers each with a 4xx wire error and changes neither the read model nor the event store', async () => {
    await fc.assert(
      fc.asyncProperty(invalidWrite, async (req) => {
        const before = await fuzz.observeState();
        const headBefore = await fuzz.t.service.store.headPosition();
        const res = await fuzz.send(req);
        expectWireResponse(req, res);
        expect(
          res.status,
          `accepted a write that must be refused: ${describeRequest(req)}\n${res.text.slice(0, 300)}`,
        ).to.be.within(400, 499);
        expect(
          await fuzz.writesSince(headBefore),
          `refused with ${res.status} yet wrote: ${describeRequest(req)}`,
        ).to.deep.equal([]);
        expect(
          JSON.parse(await fuzz.observeState()).collections,
          `refused with ${res.status} yet changed the read model`,
        ).to.deep.equal(JSON.parse(before).collections);
      }),
      fuzzParameters(share),
    );
    await fuzz.expectAlive();
  });
});
