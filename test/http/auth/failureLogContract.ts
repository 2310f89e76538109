// The one contract every FailureLog adapter passes: the memory log always, the MongoDB log when CAL_MONGODB_URL names
// a server (failureLog.test.ts).
import { expect } from 'chai';
import type { FailureLog } from '../../../src/http/auth/failureLog.ts';

export function failureLogContract(name: string, open: () => Promise<{ log: FailureLog; close(): Promise<void> }>) {
  describe(`FailureLog contract: ${name}`, () => {
    let log: FailureLog;
    let close: () => Promise<void>;
    beforeEach(async () => ({ log, close } = await open()));
    afterEach(async () => close());

    it('keeps the failures after the window start, oldest first, the latest `keep` of them', async () => {
      expect(await log.times('192.0.2.1', 0)).to.deep.equal([]);
      expect(await log.add('192.0.2.1', 1000, 0, 3)).to.deep.equal([1000]);
      expect(await log.add('192.0.2.1', 2000, 0, 3)).to.deep.equal([1000, 2000]);
      expect(await log.add('192.0.2.1', 3000, 0, 3)).to.deep.equal([1000, 2000, 3000]);
      expect(await log.add('192.0.2.1', 4000, 0, 3)).to.deep.equal([2000, 3000, 4000]);
      expect(await log.times('192.0.2.1', 2500)).to.deep.equal([3000, 4000]);
      expect(await log.add('192.0.2.1', 9000, 3500, 3)).to.deep.equal([4000, 9000]);
      expect(await log.times('192.0.2.2', 0), 'per client').to.deep.equal([]);
    });

    it('counts every one of many failures added at once for one client', async () => {
      await Promise.all(Array.from({ length: 12 }, (_, i) => log.add('192.0.2.3', 1000 + i, 0, 20)));
      expect(await log.times('192.0.2.3', 0)).to.have.length(12);
    });
  });
}
