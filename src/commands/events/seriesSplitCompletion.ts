// The second half of a `recurrence_scope=following` split (docs/api.md §20.3): once the old series records the cut
// (`EventSeriesSplit`), the moved occurrences' slugs are given back and the new series is created under the id the
// cut recorded. A failure between those appends leaves the split half done; it is completed by the same write sent
// again (resumeSplit) or, from what the cut recorded alone, by the series horizon process manager at start and every
// round (completeUnfinishedSplits). Every path runs the same steps under the new series' stream lock and stops when
// the new series exists, so running it twice, or at once with a client's retry, writes nothing more.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { decodeDomainEvent, type WriteContext } from '../../events/catalogue/envelope.ts';
import { eventStreamId, isCalendarEventEvent } from '../../events/catalogue/calendarEvents.ts';
import type { NewSeriesStart, PlannedOccurrence } from '../../events/catalogue/seriesEvents.ts';
import type { RecordedEvent } from '../../events/eventStore.ts';
import { claimHolder } from '../registries/claims.ts';
import { slugStreamId } from '../registries/slugRegistry.ts';
import type { CommandError } from '../errors.ts';
import { eventDecider } from './eventDecider.ts';
import { loadEvent, scheduleEvent, type EventCommandDeps, type EventWritten } from './eventCommands.ts';
import type { EventInput } from './eventInput.ts';
import type { EventState } from './eventState.ts';
import { releaseClaims } from './seriesPlanning.ts';
import { newSeriesInputOf, newSeriesStartOf, seriesDefaultsOf, splitPlanOf } from './seriesSplitPlan.ts';

/** A cut recorded on the old series: where, the new series' id and what it starts as. */
export interface RecordedCut {
  readonly occurrence: PlannedOccurrence;
  readonly newSeries: number;
  readonly start: NewSeriesStart;
}

/**
 * Gives back the moved occurrences' slugs and creates the new series, unless it exists already (then the answer is
 * that series as it stands). `series`: the old series as it stood before the cut.
 */
export async function completeSplit(
  deps: EventCommandDeps,
  series: EventState,
  cut: RecordedCut,
  ctx: WriteContext,
): Promise<Either<CommandError, EventWritten>> {
  const done = await completion(deps, series, cut, ctx);
  return done._tag === 'Left' ? done : right(done.right.written);
}

/** The completion's answer, and whether this call created the new series (the process manager counts those). */
interface Completion {
  readonly written: EventWritten;
  readonly created: boolean;
}

function completion(
  deps: EventCommandDeps,
  series: EventState,
  { occurrence, newSeries, start }: RecordedCut,
  ctx: WriteContext,
): Promise<Either<CommandError, Completion>> {
  const found = (written: EventWritten): Either<CommandError, Completion> => right({ written, created: false });
  return deps.locks.withLock(eventStreamId(newSeries), async () => {
    const existing = await writtenSeries(deps, newSeries);
    if (existing) return found(existing);
    if (!series.exists) return left({ kind: 'not-found', resource: 'event', id: occurrence.id });
    const { language, slug } = series.facts;
    const moved = series.series?.occurrences.filter((o) => o.originalStart >= occurrence.originalStart) ?? [];
    await releaseClaims(deps, language, moved, ctx);
    // A release an outage deferred would leave the new series' slugs taken: the write ends here, and a retry resumes.
    if (!(await allReleased(deps, language, moved))) return left({ kind: 'store-unavailable' });
    const input = newSeriesInputOf(start, occurrence);
    const defaults = seriesDefaultsOf(series.facts);
    const written = await scheduleEvent(deps, input, defaults, ctx, { id: newSeries, slugBase: slug });
    if (written._tag === 'Right') return right({ written: written.right, created: true });
    // Another process may have completed the same split meanwhile: its series is the answer.
    const meanwhile = await writtenSeries(deps, newSeries);
    return meanwhile ? found(meanwhile) : written;
  });
}

/** The new series' last event as a write's answer; undefined while its stream is empty. */
async function writtenSeries(deps: EventCommandDeps, id: number): Promise<EventWritten | undefined> {
  const last = (await loadEvent(deps.store, id)).events.at(-1);
  return last ? { id, revision: last.revision, position: last.position } : undefined;
}

async function allReleased(deps: EventCommandDeps, language: string, moved: readonly PlannedOccurrence[]) {
  const holders = await Promise.all(
    moved.map(({ slug }) => claimHolder(deps.store, slugStreamId('event', language, slug))),
  );
  return holders.every((holder, i) => holder !== eventStreamId((moved[i] as PlannedOccurrence).id));
}

/**
 * The same split sent again after its cut was recorded: completed as the cut recorded it, or, for a cut of version 1
 * (which recorded no start), from the write's own fields over the series as it stood before the cut. Any other write
 * to an occurrence the series no longer plans is not found.
 */
export async function resumeSplit(
  deps: EventCommandDeps,
  events: readonly RecordedEvent[],
  occurrenceId: number,
  input: EventInput,
  ctx: WriteContext,
): Promise<Either<CommandError, EventWritten>> {
  const notFound: CommandError = { kind: 'not-found', resource: 'event', id: occurrenceId };
  const split = recordedSplitsOf(events).find(({ data }) => data.occurrence === occurrenceId);
  if (!split) return left(notFound);
  const before = stateBefore(events, split.revision);
  const plan = splitPlanOf(deps, before, occurrenceId, input);
  if (!plan || !before.exists) return left(notFound);
  const { newSeries, newSeriesStart } = split.data;
  const existing = await writtenSeries(deps, newSeries);
  if (existing) return right(existing);
  const start = newSeriesStart ? right(newSeriesStart) : newSeriesStartOf(deps, plan, before.facts, ctx);
  if (start._tag === 'Left') return start;
  return completeSplit(deps, before, { occurrence: plan.occurrence, newSeries, start: start.right }, ctx);
}

/**
 * The process manager's part: every split of the series `id` whose cut recorded its new series' start but whose
 * new series is missing is completed. Returns how many it completed (none on a second run).
 */
export async function completeUnfinishedSplits(
  deps: EventCommandDeps,
  id: number,
  ctx: WriteContext,
): Promise<Either<CommandError, number>> {
  const { events } = await loadEvent(deps.store, id);
  let completed = 0;
  for (const split of recordedSplitsOf(events)) {
    const { newSeries, newSeriesStart, occurrence } = split.data;
    if (!newSeriesStart || (await writtenSeries(deps, newSeries))) continue;
    const before = stateBefore(events, split.revision);
    const planned = before.exists ? before.series?.occurrences.find((o) => o.id === occurrence) : undefined;
    if (!planned) continue;
    const done = await completion(deps, before, { occurrence: planned, newSeries, start: newSeriesStart }, ctx);
    if (done._tag === 'Left') return left(done.left);
    if (done.right.created) completed++;
  }
  return right(completed);
}

/** The series' recorded `EventSeriesSplit`s, with their revisions. */
function recordedSplitsOf(events: readonly RecordedEvent[]) {
  const splits = [];
  for (const recorded of events) {
    const event = decodeDomainEvent(recorded);
    if (event?.type === 'EventSeriesSplit') splits.push({ revision: recorded.revision, data: event.data });
  }
  return splits;
}

/** The decider's state of the series from its events before `revision`. */
function stateBefore(events: readonly RecordedEvent[], revision: bigint): EventState {
  let state = eventDecider.initialState;
  for (const recorded of events) {
    if (recorded.revision >= revision) break;
    const event = decodeDomainEvent(recorded);
    if (event && isCalendarEventEvent(event)) state = eventDecider.evolve(state, event);
  }
  return state;
}
