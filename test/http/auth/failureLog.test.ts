// Specifies the failed-login log API instances share: the contract on the memory log (and on MongoDB when
// CAL_MONGODB_URL is set), the Mongo update checked with mingo against the memory log, and the limit held across
// two instances sharing one log, where two in-process limiters would each allow it in full.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { Aggregator } from 'mingo';
import { MongoClient } from 'mongodb';
import { MemoryFailureLog } from '../../../src/http/auth/failureLog.ts';
import { addFailureUpdate, openMongoFailureLog } from '../../../src/http/auth/mongoFailureLog.ts';
import { SharedLoginLimiter } from '../../../src/http/auth/sharedLoginLimiter.ts';
import { FailedLoginLimiter } from '../../../src/http/auth/failedLoginLimiter.ts';
import { failureLogContract } from './failureLogContract.ts';

failureLogContract('memory', async () => ({ log: new MemoryFailureLog(100), close: async () => {} }));

describe('MongoDB FailureLog', function () {
  before(function () {
    if (!process.env.CAL_MONGODB_URL) {
      console.log('  skipped: MongoDB FailureLog contract (set CAL_MONGODB_URL to run it against a real server)');
      this.skip();
    }
  });
  failureLogContract('MongoDB', async () => {
    const client = await new MongoClient(process.env.CAL_MONGODB_URL as string).connect();
    const db = client.db(`cal_failures_test_${randomBytes(4).toString('hex')}`);
    return {
      log: await openMongoFailureLog(db, 60_000),
      close: async () => {
        await db.dropDatabase();
        await client.close();
      },
    };
  });
});

describe('the MongoDB failure update, evaluated by mingo', () => {
  it('keeps the same times as the memory log', async () => {
    const add = fc.record({ at: fc.integer({ min: 0, max: 100 }), window: fc.integer({ min: 1, max: 60 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(add, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        async (adds, keep) => {
          const memory = new MemoryFailureLog(10);
          let stored: Record<string, unknown> = { _id: 'client' };
          for (const { at, window } of adds) {
            const expected = await memory.add('client', at, at - window, keep);
            const [updated] = new Aggregator(addFailureUpdate(at, at - window, keep)).run([stored]) as Record<
              string,
              unknown
            >[];
            stored = updated as Record<string, unknown>;
            expect(stored.times).to.deep.equal(expected);
          }
        },
      ),
      { seed: 5, numRuns: 200 },
    );
  });
});

describe('the failed-login limit across API instances', () => {
  const limits = { maxFailures: 10, windowMs: 60_000, maxClients: 100 };
  const allowedFailures = async (instances: { recordFailure(client: string): Promise<boolean> | boolean }[]) => {
    let allowed = 0;
    for (let attempt = 0; attempt < 40; attempt++)
      if (await (instances[attempt % instances.length] as (typeof instances)[number]).recordFailure('192.0.2.9'))
        allowed++;
    return allowed;
  };

  it('allows the limit once across two instances sharing one log', async () => {
    const shared = new MemoryFailureLog(100);
    const instances = [1, 2].map(() => new SharedLoginLimiter(limits, () => 1000, shared));
    expect(await allowedFailures(instances)).to.equal(10);
    expect(await instances[1]?.retryAfterSeconds('192.0.2.9')).to.equal(60);
  });

  it('(what it replaces) allows it once per instance when each counts on its own', async () => {
    const instances = [1, 2].map(() => new FailedLoginLimiter(limits, () => 1000));
    expect(await allowedFailures(instances)).to.equal(20);
  });
});
