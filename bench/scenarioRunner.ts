// Runs one scenario: a probe that checks it works and measures its real response size, then at each concurrency level
// the bare Koa route with a body of that size and the scenario itself, back to back.
import type { Timing } from './benchMode.ts';
import type { BareKoa } from './bareKoa.ts';
import type { LoadGenerator } from './load.ts';
import type { LoadResult } from './loadSpec.ts';
import { plannedRequest, type RequestPlan } from './requestPlans.ts';
import { ratio, summarizeRounds, type Measurement } from './rounds.ts';
import type { Scenario } from './scenarios.ts';

const probeRequests = 10;

/** What a scenario needs of the load generator: a run (a wrapper may measure around it). */
export type LoadRunner = Pick<LoadGenerator, 'run'>;
/** Bare measurements are shared by scenarios whose bodies differ by at most this share (the five event lists). */
const bareSizeTolerance = 0.05;

export interface LevelResult {
  readonly connections: number;
  readonly service: Measurement;
  readonly bare: Measurement & { readonly bytes: number };
  /** Service req/s ÷ bare Koa req/s at the same concurrency. */
  readonly ratioToBare: number | undefined;
  /**
   * CPU time of the service process per request (user + system, warm-up included): unlike req/s, this hardly moves
   * when other processes load the machine, so it compares runs made under different loads.
   */
  readonly serviceCpuMsPerRequest?: number;
}

export interface ScenarioResult {
  readonly key: string;
  readonly label: string;
  readonly method: string;
  /** Mean body size of the probe's answers, in bytes. */
  readonly responseBytes: number;
  /** X-Cal-Total of the probe's first answer, for lists. */
  readonly listTotal: number | undefined;
  readonly levels: readonly LevelResult[];
}

export class BrokenScenario extends Error {
  override readonly name = 'BrokenScenario';
}

/** The plan the probe sends: other titles and other ids than the measured runs, which start at 0. */
function probePlan(plan: RequestPlan): RequestPlan {
  switch (plan.kind) {
    case 'fixed':
      return plan;
    case 'createEvents':
      return { ...plan, runTag: `${plan.runTag}-probe` };
    case 'readEvents':
    case 'updateEvents':
      return { ...plan, start: Math.floor(plan.count / 2) };
  }
}

/**
 * Walks go on where the previous level stopped, so that every update of the run meets another event; titles differ per
 * level.
 */
function planAtLevel(plan: RequestPlan, connections: number, walked: number): RequestPlan {
  switch (plan.kind) {
    case 'fixed':
      return plan;
    case 'createEvents':
      return { ...plan, runTag: `${plan.runTag}-c${connections}` };
    case 'readEvents':
    case 'updateEvents':
      return { ...plan, start: plan.start + walked };
  }
}

async function probe(origin: string, scenario: Scenario): Promise<{ bytes: number; listTotal: number | undefined }> {
  const plan = probePlan(scenario.plan);
  let bytes = 0;
  let listTotal: number | undefined;
  for (let n = 0; n < probeRequests; n++) {
    const request = plannedRequest(plan, n);
    const response = await fetch(`${origin}${request.path}`, {
      method: plan.method,
      headers: { ...scenario.headers, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    const body = await response.arrayBuffer();
    if ((response.status < 200 || response.status >= 300) && response.status !== scenario.expectedStatus) {
      throw new BrokenScenario(
        `${scenario.label}: ${plan.method} ${request.path} answered ${response.status}: ` +
          `${Buffer.from(body).toString().slice(0, 500)}`,
      );
    }
    bytes += body.byteLength;
    if (n === 0 && response.headers.has('x-cal-total')) listTotal = Number(response.headers.get('x-cal-total'));
  }
  if (scenario.list && !listTotal)
    throw new BrokenScenario(
      `${scenario.label}: the list is empty (X-Cal-Total ${String(listTotal)}), the seed does not fit it`,
    );
  return { bytes: Math.round(bytes / probeRequests), listTotal };
}

function measurementOf(result: LoadResult, what: string): Measurement {
  if (result.failure !== undefined) throw new BrokenScenario(`${what}: the load run failed: ${result.failure}`);
  return summarizeRounds(result.rounds);
}

/** Bare Koa figures by method and concurrency, reused for bodies within the tolerance of a measured size. */
export class BareReferences {
  private readonly measured: { method: string; connections: number; result: LevelResult['bare'] }[] = [];

  constructor(
    private readonly bare: BareKoa,
    private readonly load: LoadRunner,
    private readonly timing: Timing,
  ) {}

  async at(scenario: Scenario, bytes: number, connections: number): Promise<LevelResult['bare']> {
    const method = scenario.plan.method;
    const known = this.measured.find(
      (entry) =>
        entry.method === method &&
        entry.connections === connections &&
        Math.abs(entry.result.bytes - bytes) <= bareSizeTolerance * bytes,
    );
    if (known) return known.result;
    const path = this.bare.pathFor(bytes);
    const result = await this.load.run({
      origin: this.bare.origin,
      pathOverride: path,
      plan: scenario.plan,
      headers: scenario.headers,
      connections,
      ...this.timing,
    });
    const measured = { ...measurementOf(result, `bare Koa ${method} ${path}`), bytes };
    this.measured.push({ method, connections, result: measured });
    return measured;
  }
}

export async function runScenario(
  scenario: Scenario,
  origin: string,
  load: LoadRunner,
  bareReferences: BareReferences,
  modeTiming: Timing,
  serviceCpuMs?: () => number | undefined,
): Promise<ScenarioResult> {
  const timing = { ...modeTiming, roundSeconds: Math.max(modeTiming.roundSeconds, scenario.minRoundSeconds ?? 0) };
  const { bytes, listTotal } = await probe(origin, scenario);
  const levels: LevelResult[] = [];
  let walked = 0;
  for (const connections of scenario.connectionLevels) {
    const bare = await bareReferences.at(scenario, bytes, connections);
    const plan = planAtLevel(scenario.plan, connections, walked);
    const expected = scenario.expectedStatus === undefined ? {} : { expectedStatus: scenario.expectedStatus };
    const cpuBefore = serviceCpuMs?.();
    const result = await load.run({ origin, plan, headers: scenario.headers, connections, ...expected, ...timing });
    const cpuAfter = serviceCpuMs?.();
    walked += result.issued;
    const service = measurementOf(result, `${scenario.label} at c=${connections}`);
    levels.push({
      connections,
      service,
      bare,
      ratioToBare: ratio(service.requestsPerSecond, bare.requestsPerSecond),
      ...(cpuBefore !== undefined && cpuAfter !== undefined && result.issued > 0
        ? { serviceCpuMsPerRequest: (cpuAfter - cpuBefore) / result.issued }
        : {}),
    });
  }
  return {
    key: scenario.key,
    label: scenario.label,
    method: scenario.plan.method,
    responseBytes: bytes,
    listTotal,
    levels,
  };
}
