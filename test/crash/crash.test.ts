// Crash safety of the embedded store: 64 writers against `npm start`'s process, SIGKILL at a random moment, restart,
// over CRASH_ROUNDS rounds (3 by default; `npm run test:crash` runs 20). Every write answered 2xx must survive, no
// event may be torn or duplicated, the read model must equal a fresh replay, and the service must be ready at once.
// The seed is printed; CRASH_SEED replays the same choices (the kill still lands wherever the writers are by then).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { eventually, killHard, startServiceProcess, type ServiceProcess } from '../support/serviceProcess.ts';
import { Ledger, runWriters, seededRandom } from './crashWorkload.ts';
import { checkAll, verifyEvent, verifyItem } from './crashVerification.ts';
import { auditDataDir, readModelDifferences } from './storeAudit.ts';

const rounds = Number(process.env.CRASH_ROUNDS ?? 3);
const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const writers = 64;
const killAfterMs = { min: 200, max: 1500 };
/** From the "listening" line to `/ready` answering 200: the "ready again within 2 s". */
const readyWithinMs = 2000;

interface Restart {
  readonly service: ServiceProcess;
  /** From spawn (node and tsx starting included) and from the "listening" line, to the first `/ready` 200. */
  readonly fromSpawnMs: number;
  readonly fromListeningMs: number;
}

async function restart(dataDir: string): Promise<Restart> {
  // No lag tolerated: ready means the projections replayed every event the store kept.
  const service = await startServiceProcess(dataDir, { CAL_READY_MAX_LAG_SECONDS: '0' });
  await eventually(
    '/ready to answer 200',
    async () => {
      const ready = await fetch(`${service.url}/ready`).catch(() => undefined);
      return ready?.status === 200 ? true : undefined;
    },
    30_000,
    10,
  );
  const readyAt = performance.now();
  return { service, fromSpawnMs: readyAt - service.spawnedAt, fromListeningMs: readyAt - service.listeningAt };
}

describe(`crash safety: ${writers} writers, SIGKILL, restart (${rounds} rounds, seed ${seed})`, function () {
  this.timeout(0);
  const dataDir = join(mkdtempSync(join(tmpdir(), 'cal-crash-')), 'data');
  const ledger = new Ledger();
  const random = seededRandom(seed);
  const readiness: Restart[] = [];
  let running: ServiceProcess | undefined;

  before(() => console.log(`      seed ${seed} (CRASH_SEED=${seed} to replay), data in ${dataDir}`));

  after(async () => {
    if (running) await killHard(running);
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  for (let round = 0; round < rounds; round++) {
    it(`round ${round + 1}: restarts ready, keeps every acknowledged write, then is killed mid-write`, async () => {
      const started = await restart(dataDir);
      running = started.service;
      readiness.push(started);
      expect(started.fromListeningMs, 'ms from "listening" to /ready 200').to.be.at.most(readyWithinMs);

      // What the previous round acknowledged, or left in doubt, reads back after its SIGKILL.
      const touched = ledger.takeTouched();
      expect(await checkAll(touched.events, (event) => verifyEvent(started.service.url, event))).to.deep.equal([]);
      expect(await checkAll(touched.items, (item) => verifyItem(started.service.url, item))).to.deep.equal([]);
      expect(
        await readModelDifferences(started.service.url, dataDir),
        'read model against a fresh replay',
      ).to.deep.equal([]);

      const killAfter = killAfterMs.min + Math.floor(random() * (killAfterMs.max - killAfterMs.min));
      const acknowledgedBefore = ledger.acknowledgedWrites;
      let killed = false;
      const writing = runWriters(started.service.url, ledger, {
        round,
        seed: seed + round,
        count: writers,
        shouldStop: () => killed,
      });
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      killed = true;
      expect((await killHard(started.service)).signal).to.equal('SIGKILL');
      running = undefined;
      await writing;
      console.log(
        `      ready ${Math.round(started.fromSpawnMs)} ms after spawn ` +
          `(${Math.round(started.fromListeningMs)} ms after "listening"); ` +
          `killed after ${killAfter} ms with ${ledger.acknowledgedWrites - acknowledgedBefore} writes acknowledged`,
      );
      expect(ledger.unexpected, 'answers other than the expected 2xx').to.deep.equal([]);
    });
  }

  it(
    'finally: every acknowledged write of every round, live projections equal a replay, the ' +
      'lmdb records are sound',
    async () => {
      const started = await restart(dataDir);
      running = started.service;
      expect(started.fromListeningMs).to.be.at.most(readyWithinMs);
      const events = [...ledger.events.values()];
      expect(await checkAll(events, (event) => verifyEvent(started.service.url, event))).to.deep.equal([]);
      expect(await checkAll(ledger.items, (item) => verifyItem(started.service.url, item))).to.deep.equal([]);

      // Writers that stop instead of being killed, so that the live projections have work to do before the comparison.
      let stop = false;
      const writing = runWriters(started.service.url, ledger, {
        round: rounds,
        seed: seed + rounds,
        count: writers,
        shouldStop: () => stop,
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      stop = true;
      await writing;
      expect(ledger.unexpected).to.deep.equal([]);
      expect(
        await readModelDifferences(started.service.url, dataDir),
        'live read model against a fresh replay',
      ).to.deep.equal([]);

      started.service.child.kill('SIGTERM');
      expect(await started.service.exited).to.deep.equal({ code: 0, signal: null });
      running = undefined;
      const audit = await auditDataDir(dataDir);
      expect(audit.problems, 'lmdb records').to.deep.equal([]);
      const scheduled = audit.titlesScheduled;
      const duplicated = [...scheduled].filter(([, count]) => count > 1).map(([title]) => title);
      expect(duplicated, 'titles scheduled more than once').to.deep.equal([]);
      // A PATCH appends ` v<n>` to a title; the first word is the title the event was scheduled with.
      for (const event of events)
        expect(scheduled.get(event.title.split(' ')[0] ?? '') ?? 0, `event ${event.id} scheduled`).to.equal(1);

      const spawn = readiness.map((r) => Math.round(r.fromSpawnMs));
      const listening = readiness.map((r) => Math.round(r.fromListeningMs));
      console.log(
        `      ${ledger.acknowledgedWrites} writes acknowledged over ${rounds} kills; ` +
          `${ledger.createsInDoubt.length} creates in doubt; ` +
          `${audit.events} events in ${audit.streams} streams; ${audit.orphanClaims.length} claims ` +
          `held by writes the kills cut short\n` +
          `      ready after spawn: max ${Math.max(...spawn)} ms (${spawn.join(', ')}); after ` +
          `"listening": max ${Math.max(...listening)} ms`,
      );
    },
  );
});
