// What each benchmark request asks for: a fixed request, or a walk over event ids, or a fresh create body each time.
// Plans are plain data, so that they cross into the load generator process as JSON.

/** The same request every time. */
export interface FixedPlan {
  readonly kind: 'fixed';
  readonly method: 'GET';
  readonly path: string;
}

/** `GET {prefix}{id}` over distinct event ids, in a scattered order so that no cache line or page stays warm. */
export interface ReadEventsPlan {
  readonly kind: 'readEvents';
  readonly method: 'GET';
  readonly prefix: string;
  readonly firstId: number;
  readonly count: number;
  /** Where in the walk to begin: the requests already made by earlier runs of the same plan. */
  readonly start: number;
}

/** `PATCH {prefix}{id}` without If-Match, each on a distinct event until the walk wraps around the seeded events. */
export interface UpdateEventsPlan extends Omit<ReadEventsPlan, 'kind' | 'method'> {
  readonly kind: 'updateEvents';
  readonly method: 'PATCH';
}

/** `POST {path}`: a new event with a unique title, linked to a venue, an organizer, a category and a tag. */
export interface CreateEventsPlan {
  readonly kind: 'createEvents';
  readonly method: 'POST';
  readonly path: string;
  /** Makes titles unique across runs. */
  readonly runTag: string;
  readonly links: {
    readonly venue: number;
    readonly organizer: number;
    readonly category: number;
    readonly tag: number;
  };
  /** `YYYY-MM` of the month the new events fall in. */
  readonly month: string;
}

export type RequestPlan = FixedPlan | ReadEventsPlan | UpdateEventsPlan | CreateEventsPlan;

export interface PlannedRequest {
  readonly path: string;
  readonly body?: string;
}

const greatestCommonDivisor = (a: number, b: number): number => (b === 0 ? a : greatestCommonDivisor(b, a % b));

/** A step through `0..count-1` that visits every index once per lap and lands far from the previous one. */
export function scatteredStep(count: number): number {
  let step = Math.max(1, Math.floor(count * 0.618));
  while (greatestCommonDivisor(step, count) !== 1) step++;
  return step;
}

/** The n-th request of a plan (n counts from 0 within one load run). */
export function plannedRequest(plan: RequestPlan, n: number): PlannedRequest {
  switch (plan.kind) {
    case 'fixed':
      return { path: plan.path };
    case 'readEvents':
      return { path: `${plan.prefix}${walkId(plan, n)}` };
    case 'updateEvents':
      return {
        path: `${plan.prefix}${walkId(plan, n)}`,
        body: JSON.stringify({
          description: `Edited by the benchmark, edit ${plan.start + n}.`,
          featured: n % 2 === 0,
        }),
      };
    case 'createEvents': {
      const day = String(1 + (n % 28)).padStart(2, '0');
      const hour = String(8 + (n % 12)).padStart(2, '0');
      return {
        path: plan.path,
        body: JSON.stringify({
          title: `Benchmark create ${plan.runTag} ${n}`,
          description: 'Created by the benchmark through the public write path.',
          start_date: `${plan.month}-${day} ${hour}:00:00`,
          end_date: `${plan.month}-${day} ${hour}:45:00`,
          venue: plan.links.venue,
          organizer: [plan.links.organizer],
          categories: [plan.links.category],
          tags: [plan.links.tag],
          cost: '12',
        }),
      };
    }
  }
}

function walkId(plan: ReadEventsPlan | UpdateEventsPlan, n: number): number {
  return plan.firstId + (((plan.start + n) * scatteredStep(plan.count)) % plan.count);
}
