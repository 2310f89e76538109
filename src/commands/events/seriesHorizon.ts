// The write of the series horizon process manager (docs/architecture.md §8): an open-ended series planned again from
// its own lines as the horizon moves with the clock. Occurrences planned before keep their ids and slugs; new ones
// take theirs as any plan does. The decider records nothing when the plan is unchanged, so a second process (or a
// second round) that finds the series already extended appends nothing.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import { eventStreamId } from '../../events/catalogue/calendarEvents.ts';
import { appendEvents, retryOnConflict, type Attempt } from '../commandHandler.ts';
import type { CommandError } from '../errors.ts';
import { isAppended } from '../posts/postSlugDecision.ts';
import { eventDecider } from './eventDecider.ts';
import { loadEvent, type EventCommandDeps } from './eventCommands.ts';
import type { EventState } from './eventState.ts';
import { occurrenceSlugBase, planSeries, releaseClaims } from './seriesPlanning.ts';

export type HorizonOutcome = 'extended' | 'unchanged';

/** Plans the series `id` to the horizon counted from `ctx.now`, under its stream lock, with its expected revision. */
export function extendSeriesHorizon(
  deps: EventCommandDeps,
  id: number,
  ctx: WriteContext,
): Promise<Either<CommandError, HorizonOutcome>> {
  return deps.locks.withLock(eventStreamId(id), () =>
    retryOnConflict('event', async (): Promise<Attempt<HorizonOutcome>> => {
      const loaded = await loadEvent(deps.store, id);
      const state: EventState = loaded.state;
      if (!state.exists || !state.series || state.facts.status === 'trash') return right('unchanged');
      const base = occurrenceSlugBase(state.facts, undefined, id);
      const planned = await planSeries(deps, state.series.recurrence, state.facts, state.series, base, ctx);
      if (planned._tag === 'Left') return planned;
      const { plan, claimed } = planned.right;
      const decided = eventDecider.decide({ type: 'ExtendSeries', series: plan }, state);
      const unwritten = decided._tag === 'Left' || decided.right.length === 0;
      const outcome = unwritten
        ? undefined
        : await appendEvents(deps.store, eventStreamId(id), decided.right, loaded, ctx);
      if (!outcome || !isAppended(outcome)) await releaseClaims(deps, state.facts.language, claimed, ctx);
      if (decided._tag === 'Left') return left(decided.left);
      if (!outcome) return right('unchanged');
      return outcome === 'lost-race' || outcome._tag === 'Left' ? outcome : right('extended');
    }),
  );
}
