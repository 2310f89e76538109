// Fuzzes the bytes of a connection: whatever arrives, the service answers without a 5xx, in JSON with the wire
// Content-Type (requests Node's parser refuses included), closes what it cannot read, and keeps serving others.
import { expect } from 'chai';
import fc from 'fast-check';
import { fuzzParameters, suiteTimeoutMs } from './support/fuzzSettings.ts';
import { startFuzzService, type FuzzService } from './support/fuzzService.ts';
import { malformedBytes, responseHeads } from './support/malformedBytes.ts';
import { sendBytes } from './support/rawHttp.ts';
import { wireContentType } from './support/wireResponse.ts';

const share = 0.15;

describe('Fuzzing: malformed bytes on a connection', function () {
  this.timeout(suiteTimeoutMs(share));
  let fuzz: FuzzService;
  before(async () => (fuzz = await startFuzzService()));
  after(async () => fuzz?.close());

  it('answers below 500 and in JSON, or closes, and the service keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(malformedBytes, async (bytes) => {
        const answer = await sendBytes(fuzz.t.service.url, bytes);
        const shown =
          `sent ${JSON.stringify(bytes.subarray(0, 300).toString('latin1'))}\ngot ` +
          `${JSON.stringify(answer.slice(0, 500))}`;
        if (answer !== '') expect(answer.startsWith('HTTP/1.1 '), shown).to.equal(true);
        // Informational answers (100 Continue) carry no body and no type.
        for (const { status, head } of responseHeads(answer).filter((response) => response.status >= 200)) {
          expect(status, shown).to.be.below(500);
          // The change feed is the one answer that is not JSON.
          const eventStream = status === 200 && head.toLowerCase().includes('content-type: text/event-stream');
          if (!eventStream)
            expect(head.toLowerCase(), shown).to.include(`content-type: ${wireContentType.toLowerCase()}`);
        }
      }),
      fuzzParameters(share),
    );
    await fuzz.expectAlive();
  });
});
