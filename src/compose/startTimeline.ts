// Milliseconds since the process started at each step of a start, logged once the service serves: where a slow
// (re)start went (module loading, opening the stores and loading the read-model snapshot, starting the projection and
// the API), without a profiler.
export type StartStep = 'modulesLoaded' | 'storesOpened' | 'projectionStarted' | 'apiStarted' | 'serving';

export class StartTimeline {
  private readonly marks: Partial<Record<StartStep, number>> = {};

  /** `sinceProcessStart`: Node's `performance.now()` counts from the process's start (its time origin). */
  constructor(private readonly sinceProcessStart: () => number = () => performance.now()) {}

  mark(step: StartStep): void {
    this.marks[step] = Math.round(this.sinceProcessStart());
  }

  /** The steps marked so far, in the order they were marked. */
  get steps(): Readonly<Partial<Record<StartStep, number>>> {
    return { ...this.marks };
  }
}
