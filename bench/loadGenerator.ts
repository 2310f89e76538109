// The load generator process (`node --import tsx bench/loadGenerator.ts`): reads load specs as JSON lines on stdin,
// runs
// each with autocannon (warm-up, then the rounds), and answers one JSON line per spec on stdout.
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec, RoundResult } from './loadSpec.ts';
import { plannedRequest } from './requestPlans.ts';
import { percentile } from './rounds.ts';

/** Latencies of one round, kept whole: autocannon's own histogram has whole-millisecond resolution, too coarse here. */
class LatencyRecorder {
  private values = new Float64Array(1 << 16);
  private length = 0;

  record(ms: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = ms;
  }

  ascending(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

/** Runs autocannon once; `next` numbers the requests across the warm-up and the rounds of one spec. */
async function runOnce(spec: LoadSpec, seconds: number, counter: { next: number }): Promise<RoundResult> {
  const latencies = new LatencyRecorder();
  const otherStatuses: Record<string, number> = {};
  const first = plannedRequest(spec.plan, counter.next);
  const options: autocannon.Options = {
    url: `${spec.origin}${spec.pathOverride ?? first.path}`,
    connections: spec.connections,
    duration: seconds,
    // autocannon only checks its stop timer at each sample: fine samples end a round on time.
    sampleInt: 100,
    timeout: 30,
    method: spec.plan.method,
    headers: { ...spec.headers, ...(first.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    requests: [
      {
        setupRequest: (request) => {
          const planned = plannedRequest(spec.plan, counter.next++);
          return {
            ...request,
            path: spec.pathOverride ?? planned.path,
            ...(planned.body !== undefined ? { body: planned.body } : {}),
          };
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, done: autocannon.Result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      if ((statusCode >= 200 && statusCode < 300) || statusCode === spec.expectedStatus)
        latencies.record(responseTimeMs);
      else otherStatuses[statusCode] = (otherStatuses[statusCode] ?? 0) + 1;
    });
  });
  const sorted = latencies.ascending();
  return {
    seconds: result.duration,
    ok: sorted.length,
    // autocannon counts a 304 as non-2xx: the expected one is an answer here.
    non2xx: Object.values(otherStatuses).reduce((total, count) => total + count, 0),
    errors: result.errors + result.timeouts,
    requestsPerSecond: result.duration > 0 ? sorted.length / result.duration : 0,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    otherStatuses,
  };
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  const counter = { next: 0 };
  try {
    if (spec.warmupSeconds > 0) await runOnce(spec, spec.warmupSeconds, counter);
    const rounds: RoundResult[] = [];
    for (let round = 0; round < spec.rounds; round++) rounds.push(await runOnce(spec, spec.roundSeconds, counter));
    return { id: spec.id, rounds, issued: counter.next };
  } catch (error) {
    return {
      id: spec.id,
      rounds: [],
      issued: counter.next,
      failure: error instanceof Error ? error.message : String(error),
    };
  }
}

// One spec at a time: two runs at once would share this process's CPU and distort each other.
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue;
  process.stdout.write(`${JSON.stringify(await run(JSON.parse(line) as LoadSpec))}\n`);
}
