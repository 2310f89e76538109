// The process manager of scheduled publication (docs/api.md §20.6, docs/architecture.md §8): it asks the read side
// for the earliest `future` items, plans which are due with the clock it is given, and sends each a `PublishScheduled`
// command through the normal write steps. A timer wakes it at the next due date, at least once a second.
import { randomUUID } from 'node:crypto';
import type { Either } from 'fp-ts/lib/Either.js';
import { instantToUtc, wallClockSeconds, type LocalDateTime } from '../../domain/localDateTime.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { CommandError } from '../errors.ts';
import type { ScheduledPublicationOutcome } from '../posts/postStreamWrites.ts';
import type { PostWriteDeps } from '../posts/postResource.ts';
import type { ScheduledPublicationCheck } from '../posts/publication.ts';
import { publishScheduledEvent } from '../events/eventCommands.ts';
import { publishScheduledItem } from '../posts/itemCommands.ts';
import { venueKind } from '../venues/venueKind.ts';
import { organizerKind } from '../organizers/organizerKind.ts';
import { planPublications, schedulableKinds, type FutureItem, type SchedulableKind } from './duePublications.ts';

/** The actor of every event the scheduler appends (docs/audit-and-changes.md: metadata). */
export const schedulerActor = 'scheduler';

/** The port the write side declares; the composition root answers it with the read store's collections. */
export interface FutureItemSource {
  /** The first `limit` items of the kind with status `future`, earliest date first. */
  earliest(
    kind: SchedulableKind,
    limit: number,
  ): Promise<readonly { readonly id: number; readonly publishedUtc: string }[]>;
}

export interface PublicationSchedulerDeps {
  readonly source: FutureItemSource;
  readonly writes: PostWriteDeps;
  readonly clock: () => Date;
  /** Called with what a round could not do; the round after retries it. */
  readonly onFailure?: (error: unknown, item?: FutureItem) => void;
  readonly onPublished?: (item: FutureItem) => void;
}

export interface SchedulerOptions {
  /** Items asked of each kind per round; a full batch of due items makes the next round start at once. */
  readonly batch?: number;
  /** The longest sleep between rounds: how soon a moved clock, a new future item or a failed attempt is seen again. */
  readonly maxSleepMs?: number;
}

/** What one round did. */
export interface RoundReport {
  readonly published: number;
  /** Due by the read side, but no longer due by the item's own stream (another process published it, or it changed). */
  readonly notDue: number;
  readonly failed: number;
  /** How long to sleep before the next round. */
  readonly sleepMs: number;
}

const publishers: Record<
  SchedulableKind,
  (
    deps: PostWriteDeps,
    id: number,
    check: ScheduledPublicationCheck,
    ctx: WriteContext,
  ) => Promise<Either<CommandError, ScheduledPublicationOutcome>>
> = {
  event: publishScheduledEvent,
  venue: (deps, id, check, ctx) => publishScheduledItem(venueKind, deps, id, check, ctx),
  organizer: (deps, id, check, ctx) => publishScheduledItem(organizerKind, deps, id, check, ctx),
};

export class PublicationScheduler {
  private readonly batch: number;
  private readonly maxSleepMs: number;
  private running: Promise<void> | undefined;
  private stopped = false;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: PublicationSchedulerDeps,
    options: SchedulerOptions = {},
  ) {
    this.batch = options.batch ?? 100;
    this.maxSleepMs = options.maxSleepMs ?? 1000;
  }

  /** Starts the rounds; the first runs at once, so what fell due while the service was down is published on start. */
  start(): void {
    if (this.running) return;
    this.stopped = false;
    this.running = this.loop();
  }

  /**
   * Stops the timer and waits for a round under way to end (its write finishes or fails; nothing is left half-done).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.nudge();
    await this.running;
    this.running = undefined;
  }

  /** Ends the current sleep: the next round starts now (a projected change that added or moved a future item). */
  nudge(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.wake?.();
  }

  /** One round: plan from the read side and the clock, then publish each due item. */
  async runRound(): Promise<RoundReport> {
    const now = this.deps.clock();
    const nowUtc = instantToUtc(now);
    const candidates = (
      await Promise.all(
        schedulableKinds.map(async (kind) =>
          (await this.deps.source.earliest(kind, this.batch)).map((item): FutureItem => ({
            kind,
            id: item.id,
            publishedUtc: item.publishedUtc as LocalDateTime,
          })),
        ),
      )
    ).flat();
    const plan = planPublications(candidates, nowUtc);
    let published = 0;
    let notDue = 0;
    let failed = 0;
    for (const item of plan.due) {
      if (this.stopped) break;
      const outcome = await this.publish(item, nowUtc);
      if (outcome === 'published') published++;
      else if (outcome === 'not-due') notDue++;
      else failed++;
    }
    const fullBatchDue = schedulableKinds.some(
      (kind) => plan.due.filter((item) => item.kind === kind).length >= this.batch,
    );
    return { published, notDue, failed, sleepMs: this.sleepAfter(failed === 0 && fullBatchDue, now, plan.nextDueUtc) };
  }

  private async publish(item: FutureItem, nowUtc: LocalDateTime): Promise<'published' | 'not-due' | 'failed'> {
    const correlationId = randomUUID();
    const ctx: WriteContext = {
      actor: schedulerActor,
      now: this.deps.clock(),
      correlationId,
      causationId: correlationId,
    };
    try {
      const outcome = await publishers[item.kind](
        this.deps.writes,
        item.id,
        { publishedUtc: item.publishedUtc, nowUtc },
        ctx,
      );
      if (outcome._tag === 'Left') {
        this.deps.onFailure?.(outcome.left, item);
        return 'failed';
      }
      if (outcome.right.kind === 'published') this.deps.onPublished?.(item);
      return outcome.right.kind;
    } catch (error) {
      this.deps.onFailure?.(error, item);
      return 'failed';
    }
  }

  /** At once when more may be due; else until the next due date, never longer than `maxSleepMs`. */
  private sleepAfter(moreDue: boolean, now: Date, nextDueUtc: LocalDateTime | undefined): number {
    if (moreDue) return 0;
    if (nextDueUtc === undefined) return this.maxSleepMs;
    const untilDue = wallClockSeconds(nextDueUtc) * 1000 - now.getTime();
    return Math.min(Math.max(untilDue, 0), this.maxSleepMs);
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let sleepMs = this.maxSleepMs;
      try {
        sleepMs = (await this.runRound()).sleepMs;
      } catch (error) {
        // The read side could not be asked (MongoDB unreachable): try again after the longest sleep.
        this.deps.onFailure?.(error);
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, sleepMs);
      });
      this.wake = undefined;
      this.timer = undefined;
    }
  }
}
