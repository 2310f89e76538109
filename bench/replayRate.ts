// Replay speed of the seeded store into a fresh in-memory read model, two ways: the ProjectionRunner a starting service
// uses (subscription catch-up), and `replayInto`, the paged replay behind `cal rebuild` and `cal verify`.
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import { createMemoryReadStore } from '../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../src/projections/projectionRunner.ts';
import { allProjections } from '../src/projections/allProjections.ts';
import { projectionMemos } from '../src/projections/projectionMemos.ts';
import { ZoneClock } from '../src/domain/timeZone.ts';
import { replayInto } from '../src/projections/replay.ts';
import { withLoadHeapGrowth } from '../src/compose/loadHeapGrowth.ts';

export interface ReplayRate {
  readonly events: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  /**
   * Store events per second of this process's CPU time (`process.cpuUsage`, GC threads included): steadier than the
   * wall rate on a shared machine.
   */
  readonly eventsPerCpuSecond?: number;
  /** This process's RSS once the read model is built: the read model's footprint plus a bare Node process. */
  readonly rssMegabytes: number;
}

interface Start {
  readonly at: number;
  readonly cpu: NodeJS.CpuUsage;
}

const started = (): Start => ({ at: performance.now(), cpu: process.cpuUsage() });

const rateOf = (events: number, start: Start): Omit<ReplayRate, 'rssMegabytes'> => {
  const seconds = (performance.now() - start.at) / 1000;
  const cpu = process.cpuUsage(start.cpu);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { events, seconds, eventsPerSecond: events / seconds, eventsPerCpuSecond: events / cpuSeconds };
};

const rss = () => process.memoryUsage().rss / 1024 / 1024;

export async function measureRunnerReplay(storePath: string): Promise<ReplayRate> {
  const store = await openLmdbEventStore(storePath);
  // The bench is its own composition root: one set of memos for the read model it fills.
  const memos = projectionMemos(new ZoneClock());
  try {
    const events = Number(await store.headPosition()) + 1;
    const start = started();
    const runner = new ProjectionRunner(store, createMemoryReadStore(memos), allProjections(memos));
    // As the service's start (service.ts): the catch-up runs with the old generation let grow.
    await withLoadHeapGrowth(async () => {
      await runner.start();
      await runner.caughtUp;
    });
    const rate = rateOf(events, start);
    await runner.stop();
    return { ...rate, rssMegabytes: rss() };
  } finally {
    await store.close();
  }
}

export async function measureReplayInto(storePath: string): Promise<ReplayRate> {
  const store = await openLmdbEventStore(storePath);
  const memos = projectionMemos(new ZoneClock());
  try {
    const start = started();
    const { appliedEvents } = await replayInto(store, createMemoryReadStore(memos), {
      handlers: allProjections(memos),
    });
    return { ...rateOf(appliedEvents, start), rssMegabytes: rss() };
  } finally {
    await store.close();
  }
}
