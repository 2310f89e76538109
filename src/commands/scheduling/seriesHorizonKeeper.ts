// The process manager of the series horizon (docs/api.md §20.1, docs/architecture.md §8): open-ended series are
// planned up to CAL_RECURRENCE_HORIZON_MONTHS from now, so as time passes their horizon moves and later occurrences
// must be planned. Each round asks the read side for the open-ended series and sends each an ordinary command
// (extendSeriesHorizon) with the clock it is given; the command is a no-op where nothing is new, so rounds in
// several processes add each occurrence once. Before that, each round completes the splits a failure left half done
// (docs/recurrence.md): a cut recorded on a series whose new series is missing.
import { randomUUID } from 'node:crypto';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { EventCommandDeps } from '../events/eventCommands.ts';
import { extendSeriesHorizon } from '../events/seriesHorizon.ts';
import { completeUnfinishedSplits } from '../events/seriesSplitCompletion.ts';
import { schedulerActor } from './publicationScheduler.ts';

/** The port the write side declares; the composition root answers it from the read model. */
export interface OpenSeriesSource {
  /** Ids of series items whose rule has neither COUNT nor UNTIL (the only ones a moving horizon extends). */
  openSeries(): Promise<readonly number[]>;
}

/** The port for splits; the composition root answers it from the read model. */
export interface SeriesItemSource {
  /** Ids of every series item (a split cuts a series item's stream, so only these can hold an unfinished one). */
  seriesItems(): Promise<readonly number[]>;
}

export interface SplitRound {
  /** Splits whose new series this round created. */
  readonly completed: number;
  /** Series whose splits could not be looked at or completed (tried again next round). */
  readonly failed: number;
}

export interface HorizonRound {
  readonly extended: number;
  readonly unchanged: number;
  readonly failed: number;
}

export interface SeriesHorizonDeps {
  readonly source: OpenSeriesSource;
  /** Absent: splits are left to the writes that asked for them. */
  readonly splits?: SeriesItemSource;
  readonly writes: EventCommandDeps;
  readonly clock: () => Date;
  readonly onFailure?: (error: unknown, series?: number) => void;
}

/** An hour: the horizon is counted in months, so it moves by less than a day between two rounds. */
const defaultIntervalMs = 3_600_000;

export class SeriesHorizonKeeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly deps: SeriesHorizonDeps,
    private readonly intervalMs = defaultIntervalMs,
  ) {}

  /** One round at once (a start after downtime catches up), then one per interval. */
  start(): void {
    const tick = () => {
      const round = async () => {
        await this.completeSplits();
        await this.runRound();
      };
      this.running = round().catch((error: unknown) => this.deps.onFailure?.(error));
    };
    tick();
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Completes every split whose cut is recorded but whose new series is missing. */
  async completeSplits(): Promise<SplitRound> {
    const ctx = this.writeContext();
    const counts = { completed: 0, failed: 0 };
    for (const id of (await this.deps.splits?.seriesItems()) ?? []) {
      try {
        const outcome = await completeUnfinishedSplits(this.deps.writes, id, ctx);
        if (outcome._tag === 'Right') counts.completed += outcome.right;
        else {
          counts.failed++;
          this.deps.onFailure?.(outcome.left, id);
        }
      } catch (error) {
        counts.failed++;
        this.deps.onFailure?.(error, id);
      }
    }
    return counts;
  }

  private writeContext(): WriteContext {
    const correlationId = randomUUID();
    return { actor: schedulerActor, now: this.deps.clock(), correlationId, causationId: correlationId };
  }

  /** Extends every open-ended series to the horizon of the clock's now. */
  async runRound(): Promise<HorizonRound> {
    const ctx = this.writeContext();
    const counts = { extended: 0, unchanged: 0, failed: 0 };
    for (const id of await this.deps.source.openSeries()) {
      try {
        const outcome = await extendSeriesHorizon(this.deps.writes, id, ctx);
        if (outcome._tag === 'Left') {
          counts.failed++;
          this.deps.onFailure?.(outcome.left, id);
        } else counts[outcome.right]++;
      } catch (error) {
        counts.failed++;
        this.deps.onFailure?.(error, id);
      }
    }
    return counts;
  }
}
