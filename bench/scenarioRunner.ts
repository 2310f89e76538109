// Runs one scenario: a probe that checks it works, measures its real response size and takes a copy of its answer,
// then at each concurrency level the bare Koa route answering that copy and the scenario itself, back to back.
import { request as httpRequest } from 'node:http';
import type { Timing } from './benchMode.ts';
import { copiedHeaders, type BareKoa, type CopiedAnswer } from './bareKoa.ts';
import type { LoadGenerator } from './load.ts';
import type { LoadResult } from './loadSpec.ts';
import { plannedRequest, type RequestPlan } from './requestPlans.ts';
import { ratio, summarizeRounds, type Measurement } from './rounds.ts';
import type { Scenario } from './scenarios.ts';

const probeRequests = 10;

/** What a scenario needs of the load generator: a run (a wrapper may measure around it). */
export type LoadRunner = Pick<LoadGenerator, 'run'>;

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

interface ProbeAnswer {
  readonly status: number;
  readonly rawHeaders: string[];
  readonly body: Buffer;
}

/** One request as Node's client receives it: the headers in order, as sent (fetch would sort and lower-case them). */
function probeRequest(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<ProbeAnswer>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject).end(body);
  });
}

interface Probed {
  readonly bytes: number;
  readonly listTotal: number | undefined;
  /** The first answer, which the bare reference gives as it is (the same body and headers). */
  readonly answer: CopiedAnswer;
}

async function probe(origin: string, scenario: Scenario): Promise<Probed> {
  const plan = probePlan(scenario.plan);
  let bytes = 0;
  let listTotal: number | undefined;
  let first: ProbeAnswer | undefined;
  for (let n = 0; n < probeRequests; n++) {
    const request = plannedRequest(plan, n);
    const headers = {
      ...scenario.headers,
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    const response = await probeRequest(`${origin}${request.path}`, plan.method, headers, request.body);
    if ((response.status < 200 || response.status >= 300) && response.status !== scenario.expectedStatus) {
      throw new BrokenScenario(
        `${scenario.label}: ${plan.method} ${request.path} answered ${response.status}: ` +
          `${response.body.toString().slice(0, 500)}`,
      );
    }
    bytes += response.body.length;
    first ??= response;
  }
  const total = first?.rawHeaders.findIndex((name) => name.toLowerCase() === 'x-cal-total') ?? -1;
  if (total >= 0) listTotal = Number(first?.rawHeaders[total + 1]);
  if (scenario.list && !listTotal)
    throw new BrokenScenario(
      `${scenario.label}: the list is empty (X-Cal-Total ${String(listTotal)}), the seed does not fit it`,
    );
  const answer = { headers: copiedHeaders(first?.rawHeaders ?? []), body: first?.body ?? Buffer.alloc(0) };
  return { bytes: Math.round(bytes / probeRequests), listTotal, answer };
}

function measurementOf(result: LoadResult, what: string): Measurement {
  if (result.failure !== undefined) throw new BrokenScenario(`${what}: the load run failed: ${result.failure}`);
  return summarizeRounds(result.rounds);
}

/**
 * Bare Koa figures, each measured right before the scenario level it is the reference of, answering a copy of the
 * scenario's own answer: the same bytes and headers cost the service's HTTP stack and the load generator (which
 * decodes every body it receives as text) the same as the scenario's answers do. A body of the same size but other
 * bytes is not the same work: the load generator decodes a body with a single non-ASCII byte in it at about half
 * the speed of an ASCII one.
 */
export class BareReferences {
  private readonly paths = new Map<string, string>();

  constructor(
    private readonly bare: BareKoa,
    private readonly load: LoadRunner,
    private readonly timing: Timing,
  ) {}

  async at(scenario: Scenario, answer: CopiedAnswer, connections: number): Promise<LevelResult['bare']> {
    let path = this.paths.get(scenario.key);
    if (path === undefined) this.paths.set(scenario.key, (path = await this.bare.pathCopying(answer)));
    const result = await this.load.run({
      origin: this.bare.origin,
      pathOverride: path,
      plan: scenario.plan,
      headers: scenario.headers,
      connections,
      ...this.timing,
    });
    return { ...measurementOf(result, `bare Koa ${scenario.plan.method} ${path}`), bytes: answer.body.length };
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
  const { bytes, listTotal, answer } = await probe(origin, scenario);
  const levels: LevelResult[] = [];
  let walked = 0;
  for (const connections of scenario.connectionLevels) {
    const bare = await bareReferences.at(scenario, answer, connections);
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
