// The raw durable-append rate of the embedded lmdb store: 64 concurrent appenders, each creating stream after stream
// with one event (what a create's durable append is), on a fresh store; the reference for the POST scenario.
import { randomUUID } from 'node:crypto';
import { NoStream } from '../src/events/eventStore.ts';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import { toNewEvent } from '../src/events/catalogue/envelope.ts';
import type { DomainEvent } from '../src/events/catalogue/index.ts';
import { seedItems } from './seed.ts';
import { layoutOf, quickShape } from './seedShape.ts';
import type { Timing } from './benchMode.ts';
import { percentile } from './rounds.ts';

export interface AppendRound {
  readonly appendsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** A realistic event to append: the first scheduled event of the seed. */
function sampleEvent(now: Date): DomainEvent {
  for (const [, event] of seedItems(quickShape, layoutOf(quickShape), now))
    if (event.type === 'EventScheduled') return event;
  throw new Error('the seed schedules no event');
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** One continuous run; the warm-up and each round are windows of it, with their own counts and latencies. */
export async function measureAppendRate(storePath: string, appenders: number, timing: Timing): Promise<AppendRound[]> {
  const store = await openLmdbEventStore(storePath);
  const now = new Date();
  const event = toNewEvent(sampleEvent(now), {
    actor: '1',
    now,
    correlationId: randomUUID(),
    causationId: randomUUID(),
  });
  let window: number[] = [];
  let stopped = false;
  let streams = 0;
  const appender = async () => {
    while (!stopped) {
      const startedAt = performance.now();
      await store.append(`event-${++streams}`, [event], NoStream);
      window.push(performance.now() - startedAt);
    }
  };
  const running = Array.from({ length: appenders }, appender);
  try {
    await sleep(timing.warmupSeconds);
    const rounds: AppendRound[] = [];
    for (let round = 0; round < timing.rounds; round++) {
      window = [];
      const startedAt = performance.now();
      await sleep(timing.roundSeconds);
      const latencies = Float64Array.from(window).sort();
      rounds.push({
        appendsPerSecond: latencies.length / ((performance.now() - startedAt) / 1000),
        p50Ms: percentile(latencies, 0.5),
        p99Ms: percentile(latencies, 0.99),
      });
    }
    return rounds;
  } finally {
    stopped = true;
    await Promise.all(running);
    await store.close();
  }
}
