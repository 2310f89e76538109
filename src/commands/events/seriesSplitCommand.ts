// The handler of `recurrence_scope=following` (docs/api.md §20.3): a write to one occurrence that splits the series.
// The old series ends before the occurrence (recorded on its stream with its expected revision, together with the
// new series' id and what it starts as); the occurrence and those after it leave it, their slugs are given back, and
// a new series starts at the occurrence with the written fields, under the recorded id with the occurrence's slug,
// its occurrences planned from the rest of the rule. A failure between the steps is completed by the same write sent
// again, or by the series horizon process manager from the cut alone (seriesSplitCompletion.ts).
import { left, type Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import { appendEvents } from '../commandHandler.ts';
import type { CommandError } from '../errors.ts';
import { onLoadedPost } from '../posts/postStreamWrites.ts';
import { requestWithPasswordHash } from '../posts/passwordToStore.ts';
import type { WriteGuard } from '../posts/writeGuard.ts';
import { eventDecider, type EventCommand } from './eventDecider.ts';
import { eventResource, loadEvent, type EventCommandDeps, type EventWritten } from './eventCommands.ts';
import type { EventInput } from './eventInput.ts';
import type { EventState } from './eventState.ts';
import { completeSplit, resumeSplit, type RecordedCut } from './seriesSplitCompletion.ts';
import { newSeriesStartOf, splitPlanOf } from './seriesSplitPlan.ts';

export async function splitSeries(
  deps: EventCommandDeps,
  seriesId: number,
  occurrenceId: number,
  written: EventInput,
  ctx: WriteContext,
  guard: WriteGuard = {},
): Promise<Either<CommandError, EventWritten>> {
  const notFound: CommandError = { kind: 'not-found', resource: 'event', id: occurrenceId };
  // Hashed once, before anything is recorded: the cut records the new series' facts, which must hold no password.
  const { password: _password, ...unhashed } = written;
  const input: EventInput = {
    ...unhashed,
    request: await requestWithPasswordHash(written, () => Promise.resolve(undefined)),
  };
  const loaded = await loadEvent(deps.store, seriesId);
  // The event decider's state, the series included (the shared post steps type it as a post's).
  const state = loaded.state as EventState;
  const plan = splitPlanOf(deps, state, occurrenceId, input);
  if (!plan || !state.exists) return resumeSplit(deps, loaded.events, occurrenceId, input, ctx);
  // Everything the new series needs is checked before the old one is cut.
  const checked = newSeriesStartOf(deps, plan, state.facts, ctx);
  if (checked._tag === 'Left') return checked;
  const newSeries = await deps.postIds.next();
  // The cut as appended, decided on the series as it then stood: what the second half completes.
  const recorded: { last?: { series: EventState; cut: RecordedCut } } = {};
  const cut = await onLoadedPost(deps, eventResource, seriesId, guard, async (current) => {
    const series = current.state as EventState;
    const now = splitPlanOf(deps, series, occurrenceId, input);
    if (!now || !series.exists) return left(notFound);
    const start = newSeriesStartOf(deps, now, series.facts, ctx);
    if (start._tag === 'Left') return start;
    const command: EventCommand = {
      type: 'SplitSeries',
      occurrence: occurrenceId,
      newSeries,
      recurrence: now.before,
      newSeriesStart: start.right,
    };
    const decided = eventDecider.decide(command, current.state);
    if (decided._tag === 'Left') return decided;
    recorded.last = { series, cut: { occurrence: now.occurrence, newSeries, start: start.right } };
    return appendEvents(deps.store, eventResource.streamId(seriesId), decided.right, current, ctx);
  });
  if (cut._tag === 'Left') return cut;
  if (!recorded.last) return left(notFound);
  return completeSplit(deps, recorded.last.series, recorded.last.cut, ctx);
}
