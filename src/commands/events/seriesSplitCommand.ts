// The handler of `recurrence_scope=following` (docs/api.md §20.3): a write to one occurrence that splits the series.
// The old series ends before the occurrence (recorded on its stream with its expected revision); the occurrence and
// those after it leave it, their slugs are given back, and a new series starts at the occurrence with the written
// fields, under a new id with the occurrence's slug, its occurrences planned from the rest of the rule.
import { left, type Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
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
  // The event decider's state, the series included (the shared post steps type it as a post's).
  const state: EventState = (await loadEvent(deps.store, seriesId)).state;
  const plan = splitPlanOf(deps, state, occurrenceId, input);
  if (!plan || !state.exists) return left(notFound);
  // Everything the new series needs is checked before the old one is cut.
  const refused = precheck(deps, plan, state.facts.language, ctx);
  if (refused) return left(refused);
  const newSeries = await deps.postIds.next();
  const cut = await onLoadedPost(deps, eventResource, seriesId, guard, async (loaded) => {
    const current = splitPlanOf(deps, loaded.state as EventState, occurrenceId, input);
    if (!current) return left(notFound);
    const command: EventCommand = {
      type: 'SplitSeries',
      occurrence: occurrenceId,
      newSeries,
      recurrence: current.before,
    };
    const decided = eventDecider.decide(command, loaded.state);
    if (decided._tag === 'Left') return decided;
    return appendEvents(deps.store, eventResource.streamId(seriesId), decided.right, loaded, ctx);
  });
  if (cut._tag === 'Left') return cut;
  const moved = state.series?.occurrences.filter((o) => o.originalStart >= plan.occurrence.originalStart) ?? [];
  await releaseClaims(deps, state.facts.language, moved, ctx);
  const { language, author, timezone, status } = state.facts;
  const defaults = { language, author, timezone, status };
  return scheduleEvent(deps, plan.input, defaults, ctx, { id: newSeries, slugBase: state.facts.slug });
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
