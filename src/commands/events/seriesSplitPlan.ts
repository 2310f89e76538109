// What a `recurrence_scope=following` split writes (docs/api.md §20.3), worked out from the series as loaded: the
// occurrence it splits at, the old series' lines after the cut, and what the new series starts as. Pure but for the
// zone clock and the settings it is handed; the handler (seriesSplitCommand.ts) and the completion of a split a
// failure interrupted (seriesSplitCompletion.ts) both use it.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { EventFacts } from '../../events/catalogue/calendarEvents.ts';
import { occurrenceFactsOf } from '../../events/catalogue/occurrenceFacts.ts';
import type { NewSeriesStart, PlannedOccurrence } from '../../events/catalogue/seriesEvents.ts';
import { instantToUtc } from '../../domain/localDateTime.ts';
import { splitRecurrence } from '../../domain/recurrence/seriesSplit.ts';
import type { CommandError } from '../errors.ts';
import { eventDecider, nextEventFacts, type EventCommand, type EventRequest } from './eventDecider.ts';
import type { EventCommandDeps } from './eventCommands.ts';
import type { EventInput } from './eventInput.ts';
import type { EventState } from './eventState.ts';
import { checkSeriesRecurrence, endsSeries } from './seriesPlanning.ts';

type StartRequest = EventRequest & { title: string; start: string; end: string };

/** The facts of the occurrence as a create request of the new series, the written fields over them. */
export function newSeriesRequest(facts: EventFacts, written: EventRequest): StartRequest {
  const { language: _l, publishedUtc, startUtc: _s, endUtc: _e, status, slug: _slug, ...fields } = facts;
  const kept = { ...fields, date: { utc: publishedUtc }, ...(status === 'trash' ? {} : { status }) };
  return { ...kept, ...written } as StartRequest;
}

export interface SplitPlan {
  readonly occurrence: PlannedOccurrence;
  /** The create request of the new series and its `recurrence` as written (or the rest of the old lines). */
  readonly request: StartRequest;
  readonly recurrence: unknown;
  /** The old series' lines after the split. */
  readonly before: readonly string[];
}

/**
 * What the split will write, from the series as loaded; undefined when the occurrence is not the series'. `input`
 * carries a written password already hashed (its `passwordHash`), so that the recorded start holds no secret.
 */
export function splitPlanOf(
  deps: Pick<EventCommandDeps, 'zones'>,
  state: EventState,
  occurrenceId: number,
  input: EventInput,
): SplitPlan | undefined {
  if (!state.exists || !state.series) return undefined;
  const occurrence = state.series.occurrences.find((planned) => planned.id === occurrenceId);
  if (!occurrence) return undefined;
  const { facts, series } = state;
  const current = occurrenceFactsOf(facts, occurrence, series.exceptions[occurrence.id], deps.zones);
  const start = { start: facts.start, zone: facts.timezone, allDay: facts.allDay };
  const lines = splitRecurrence(series.recurrence, start, occurrence.originalStart, deps.zones);
  const recurrence = 'recurrence' in input ? input.recurrence : lines.after.length > 0 ? lines.after : null;
  return { occurrence, request: newSeriesRequest(current, input.request), recurrence, before: lines.before };
}

/**
 * The new series as its create would record it (its facts, its checked lines), or the refusal that create would
 * meet: everything about the new series is checked before the old one is cut.
 */
export function newSeriesStartOf(
  deps: Pick<EventCommandDeps, 'zones' | 'recurrence'>,
  plan: SplitPlan,
  series: EventFacts,
  ctx: Pick<WriteContext, 'now'>,
): Either<CommandError, NewSeriesStart> {
  const command: EventCommand = {
    type: 'ScheduleEvent',
    id: 0,
    request: plan.request,
    defaults: seriesDefaultsOf(series),
    nowUtc: instantToUtc(ctx.now),
    zones: deps.zones,
  };
  const next = nextEventFacts(eventDecider.initialState, command);
  if (next._tag === 'Left') return next;
  if (endsSeries(plan.recurrence)) return right({ facts: next.right, recurrence: null });
  const checked = checkSeriesRecurrence(deps, plan.recurrence, next.right, ctx);
  if (checked._tag === 'Left') return left(checked.left);
  return right({ facts: next.right, recurrence: [...checked.right.lines] });
}

/** What the new series takes from the old one where its request says nothing. */
export function seriesDefaultsOf(series: EventFacts) {
  const { language, author, timezone, status } = series;
  return { language, author, timezone, status };
}

/** The create of the new series from its recorded start: the same input however often the split is completed. */
export function newSeriesInputOf(start: NewSeriesStart, occurrence: PlannedOccurrence) {
  return { request: newSeriesRequest(start.facts, {}), slug: occurrence.slug, recurrence: start.recurrence };
}
