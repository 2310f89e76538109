// The handler of `recurrence_scope=following` (docs/api.md §20.3): a write to one occurrence that splits the series.
// The old series ends before the occurrence (recorded on its stream with its expected revision); the occurrence and
// those after it leave it, their slugs are given back, and a new series starts at the occurrence with the written
// fields, under a new id with the occurrence's slug, its occurrences planned from the rest of the rule. The cut records
// the new series' id, so a failure between the steps is completed by the same write sent again (resumeSplit).
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { decodeDomainEvent, type WriteContext } from '../../events/catalogue/envelope.ts';
import { eventStreamId, isCalendarEventEvent } from '../../events/catalogue/calendarEvents.ts';
import { claimHolder } from '../registries/claims.ts';
import { slugStreamId } from '../registries/slugRegistry.ts';
import type { RecordedEvent } from '../../events/eventStore.ts';
import type { EventFacts } from '../../events/catalogue/calendarEvents.ts';
import { occurrenceFactsOf } from '../../events/catalogue/occurrenceFacts.ts';
import type { PlannedOccurrence } from '../../events/catalogue/seriesEvents.ts';
import { instantToUtc } from '../../domain/localDateTime.ts';
import { splitRecurrence } from '../../domain/recurrence/seriesSplit.ts';
import { appendEvents } from '../commandHandler.ts';
import type { CommandError } from '../errors.ts';
import { onLoadedPost } from '../posts/postStreamWrites.ts';
import type { WriteGuard } from '../posts/writeGuard.ts';
import { eventDecider, nextEventFacts, type EventCommand, type EventRequest } from './eventDecider.ts';
import { eventResource, loadEvent, scheduleEvent, type EventCommandDeps, type EventWritten } from './eventCommands.ts';
import type { EventInput } from './eventInput.ts';
import type { EventState } from './eventState.ts';
import { checkSeriesRecurrence, endsSeries, releaseClaims } from './seriesPlanning.ts';

type StartRequest = EventRequest & { title: string; start: string; end: string };

/** The facts of the occurrence as a create request of the new series, the written fields over them. */
function newSeriesRequest(facts: EventFacts, written: EventRequest): StartRequest {
  const { language: _l, publishedUtc, startUtc: _s, endUtc: _e, status, slug: _slug, ...fields } = facts;
  const kept = { ...fields, date: { utc: publishedUtc }, ...(status === 'trash' ? {} : { status }) };
  return { ...kept, ...written } as StartRequest;
}

interface SplitPlan {
  readonly occurrence: PlannedOccurrence;
  readonly input: EventInput & { request: StartRequest };
  /** The old series' lines after the split. */
  readonly before: readonly string[];
}

/** What the split will write, from the series as loaded; undefined when the occurrence is not the series'. */
function splitPlanOf(deps: EventCommandDeps, state: EventState, occurrenceId: number, input: EventInput) {
  if (!state.exists || !state.series) return undefined;
  const occurrence = state.series.occurrences.find((planned) => planned.id === occurrenceId);
  if (!occurrence) return undefined;
  const { facts, series } = state;
  const current = occurrenceFactsOf(facts, occurrence, series.exceptions[occurrence.id], deps.zones);
  const start = { start: facts.start, zone: facts.timezone, allDay: facts.allDay };
  const lines = splitRecurrence(series.recurrence, start, occurrence.originalStart, deps.zones);
  const recurrence = 'recurrence' in input ? input.recurrence : lines.after.length > 0 ? lines.after : null;
  const request = newSeriesRequest(current, input.request);
  const plan: SplitPlan = {
    occurrence,
    input: { ...input, request, slug: occurrence.slug, recurrence },
    before: lines.before,
  };
  return plan;
}

export async function splitSeries(
  deps: EventCommandDeps,
  seriesId: number,
  occurrenceId: number,
  input: EventInput,
  ctx: WriteContext,
  guard: WriteGuard = {},
): Promise<Either<CommandError, EventWritten>> {
  const notFound: CommandError = { kind: 'not-found', resource: 'event', id: occurrenceId };
  const loaded = await loadEvent(deps.store, seriesId);
  // The event decider's state, the series included (the shared post steps type it as a post's).
  const state = loaded.state as EventState;
  const plan = splitPlanOf(deps, state, occurrenceId, input);
  if (!plan || !state.exists) return resumeSplit(deps, loaded.events, occurrenceId, input, ctx, notFound);
  // Everything the new series needs is checked before the old one is cut.
  const refused = precheck(deps, plan, state.facts.language, ctx);
  if (refused) return left(refused);
  const newSeries = await deps.postIds.next();
  const cut = await onLoadedPost(deps, eventResource, seriesId, guard, async (current) => {
    const now = splitPlanOf(deps, current.state as EventState, occurrenceId, input);
    if (!now) return left(notFound);
    const command: EventCommand = { type: 'SplitSeries', occurrence: occurrenceId, newSeries, recurrence: now.before };
    const decided = eventDecider.decide(command, current.state);
    if (decided._tag === 'Left') return decided;
    return appendEvents(deps.store, eventResource.streamId(seriesId), decided.right, current, ctx);
  });
  if (cut._tag === 'Left') return cut;
  return startNewSeries(deps, state, plan, newSeries, ctx);
}

/**
 * The second half of a split, once the old series records it: the moved occurrences' slugs given back, the new series
 * created under the id the split recorded. Both steps can be run again: a release of a claim no longer held is a no-op.
 */
async function startNewSeries(
  deps: EventCommandDeps,
  state: EventState,
  plan: SplitPlan,
  newSeries: number,
  ctx: WriteContext,
): Promise<Either<CommandError, EventWritten>> {
  if (!state.exists) return left({ kind: 'not-found', resource: 'event', id: plan.occurrence.id });
  const moved = state.series?.occurrences.filter((o) => o.originalStart >= plan.occurrence.originalStart) ?? [];
  await releaseClaims(deps, state.facts.language, moved, ctx);
  // A release an outage deferred would leave the new series' slugs taken: the write ends here, and a retry resumes.
  if (!(await allReleased(deps, state.facts.language, moved))) return left({ kind: 'store-unavailable' });
  const { language, author, timezone, status } = state.facts;
  const defaults = { language, author, timezone, status };
  return scheduleEvent(deps, plan.input, defaults, ctx, { id: newSeries, slugBase: state.facts.slug });
}

async function allReleased(deps: EventCommandDeps, language: string, moved: readonly PlannedOccurrence[]) {
  const holders = await Promise.all(
    moved.map(({ slug }) => claimHolder(deps.store, slugStreamId('event', language, slug))),
  );
  return holders.every((holder, i) => holder !== eventStreamId((moved[i] as PlannedOccurrence).id));
}

/**
 * A split whose old series was cut but whose new series a failure left unwritten (the store failed, or lost its
 * answer, after the cut): the same write sent again finds the `EventSeriesSplit` on the old stream and completes it
 * from the series as it stood before the cut. When the new series exists already, the split is done: the answer is
 * that series as it stands. Any other write to an occurrence the series no longer plans is not found.
 */
async function resumeSplit(
  deps: EventCommandDeps,
  events: readonly RecordedEvent[],
  occurrenceId: number,
  input: EventInput,
  ctx: WriteContext,
  notFound: CommandError,
): Promise<Either<CommandError, EventWritten>> {
  const split = recordedSplitOf(events, occurrenceId);
  if (!split) return left(notFound);
  const { newSeries } = split.event.data;
  const started = await loadEvent(deps.store, newSeries);
  const last = started.events.at(-1);
  if (last) return right({ id: newSeries, revision: last.revision, position: last.position });
  const before = stateBefore(events, split.recorded.revision);
  const plan = splitPlanOf(deps, before, occurrenceId, input);
  if (!plan || !before.exists) return left(notFound);
  const refused = precheck(deps, plan, before.facts.language, ctx);
  if (refused) return left(refused);
  return startNewSeries(deps, before, plan, newSeries, ctx);
}

/** The series' `EventSeriesSplit` at the occurrence, if one was recorded. */
function recordedSplitOf(events: readonly RecordedEvent[], occurrenceId: number) {
  for (const recorded of events) {
    const event = decodeDomainEvent(recorded);
    if (event?.type === 'EventSeriesSplit' && event.data.occurrence === occurrenceId) return { recorded, event };
  }
  return undefined;
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

/** The refusal the new series' create would meet (its dates, its recurrence), before anything is written. */
function precheck(deps: EventCommandDeps, plan: SplitPlan, language: EventFacts['language'], ctx: WriteContext) {
  const command: EventCommand = {
    type: 'ScheduleEvent',
    id: 0,
    request: plan.input.request,
    defaults: { language, author: '0', status: 'draft', timezone: 'UTC' },
    nowUtc: instantToUtc(ctx.now),
    zones: deps.zones,
  };
  const next = nextEventFacts(eventDecider.initialState, command);
  if (next._tag === 'Left') return next.left;
  if (endsSeries(plan.input.recurrence)) return undefined;
  const checked = checkSeriesRecurrence(deps, plan.input.recurrence, next.right, ctx);
  return checked._tag === 'Left' ? checked.left : undefined;
}
