// Command handlers for calendar events: allocate, claim the translation, hash the password, then the shared post
// write steps (settle the slug, decide, append with the expected revision).
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../events/eventStore.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import {
  eventStreamId,
  isCalendarEventEvent,
  type CalendarEventEvent,
  type EventFacts,
} from '../../events/catalogue/calendarEvents.ts';
import { instantToUtc } from '../../domain/localDateTime.ts';
import type { ZoneClock } from '../../domain/timeZone.ts';
import type { IdSource } from '../registries/idAllocator.ts';
import { newStream, retryOnConflict, type Written } from '../commandHandler.ts';
import type { CommandError } from '../errors.ts';
import {
  onLoadedPost,
  loadPost,
  publishScheduledPost,
  trashPost,
  type ScheduledPublicationOutcome,
} from '../posts/postStreamWrites.ts';
import type { PostResource, PostWriteDeps } from '../posts/postResource.ts';
import { decideWithSlug, isAppended } from '../posts/postSlugDecision.ts';
import type { ScheduledPublicationCheck } from '../posts/publication.ts';
import {
  decideEventOnFacts,
  eventDecider,
  nextEventFacts,
  type EventCommand,
  type ScheduleDefaults,
} from './eventDecider.ts';
import type { EventInput } from './eventInput.ts';
import { abandonTranslation, claimTranslation } from '../registries/translationClaims.ts';
import { requestWithPasswordHash } from '../posts/passwordToStore.ts';
import { invalidParams, reason } from '../errors.ts';
import type { WriteGuard } from '../posts/writeGuard.ts';
import type { PlannedOccurrence } from '../../events/catalogue/seriesEvents.ts';
import type { EventState } from './eventState.ts';
import { occurrenceSlugBase, planSeries, releaseClaims, type RecurrenceSettings } from './seriesPlanning.ts';

export interface EventCommandDeps extends PostWriteDeps {
  readonly postIds: IdSource;
  /** Handed to the decider with each command, which settles dates into UTC with it. */
  readonly zones: ZoneClock;
  /** The horizon and maximum of series (CAL_RECURRENCE_…); absent: the defaults. */
  readonly recurrence?: RecurrenceSettings;
}

export interface EventWritten extends Written {
  readonly id: number;
}

/** Calendar events as the shared post write steps take them. */
export const eventResource: PostResource<EventFacts, EventCommand, CalendarEventEvent> = {
  kind: 'event',
  decider: eventDecider,
  streamId: eventStreamId,
  accepts: isCalendarEventEvent,
  nextFacts: nextEventFacts,
  titleOf: (facts) => facts.title,
  decideOnFacts: decideEventOnFacts,
};

export const loadEvent = (store: EventStore, id: number) => loadPost(eventResource, store, id);

/** A series split off another (docs/api.md §20.3): the id taken before the split, its occurrences' slug base. */
export interface SplitOff {
  readonly id?: number;
  readonly slugBase?: string;
}

export async function scheduleEvent(
  deps: EventCommandDeps,
  input: EventInput & { request: { title: string; start: string; end: string } },
  defaults: ScheduleDefaults,
  ctx: WriteContext,
  split: SplitOff = {},
): Promise<Either<CommandError, EventWritten>> {
  const id = split.id ?? (await deps.postIds.next());
  const { translation, language } = defaults;
  const request = await requestWithPasswordHash(input, () => Promise.resolve(undefined));
  const unplanned: EventCommand = {
    type: 'ScheduleEvent',
    id,
    request,
    defaults,
    nowUtc: instantToUtc(ctx.now),
    zones: deps.zones,
  };
  const planned = await withPlannedSeries(deps, eventDecider.initialState, unplanned, input, id, ctx, split.slugBase);
  if (planned._tag === 'Left') return planned;
  const { command, claimed } = planned.right;
  if (translation && !(await claimTranslation(deps.store, 'event', translation, id, language, ctx))) {
    await releaseClaims(deps, language, claimed, ctx);
    return left(invalidParams({ name: 'translation_of', reason: reason('not-a-translation-target') }));
  }
  const written = await retryOnConflict('event', () =>
    decideWithSlug(
      deps,
      eventResource,
      id,
      { ...newStream, state: eventDecider.initialState },
      command,
      input.slug,
      ctx,
    ),
  );
  if (written._tag === 'Left' && translation)
    await abandonTranslation(deps.store, 'event', translation, id, language, ctx);
  if (written._tag === 'Left') await releaseClaims(deps, language, claimed, ctx);
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}

/**
 * The command with the series the input's `recurrence` plans on `state` (docs/api.md §20.1); the command as it is
 * when the input has none and the series' start stays where it was.
 */
async function withPlannedSeries(
  deps: EventCommandDeps,
  state: EventState,
  command: Extract<EventCommand, { type: 'ScheduleEvent' | 'ChangeEventDetails' }>,
  input: EventInput,
  id: number,
  ctx: WriteContext,
  slugBase?: string,
): Promise<Either<CommandError, { command: EventCommand; claimed: readonly PlannedOccurrence[] }>> {
  const next = nextEventFacts(state, command);
  if (next._tag === 'Left') return next;
  // `null` ends a series: only an absent `recurrence` falls back to the series' own lines.
  const recurrence =
    'recurrence' in input ? input.recurrence : startMoved(state, next.right) ? state.series?.recurrence : undefined;
  if (recurrence === undefined) return right({ command, claimed: [] });
  const base = slugBase ?? occurrenceSlugBase(next.right, input.slug, id);
  const planned = await planSeries(deps, recurrence, next.right, state.series, base, ctx);
  if (planned._tag === 'Left') return planned;
  return right({ command: { ...command, series: planned.right.plan }, claimed: planned.right.claimed });
}

/** A series whose first start, zone or whole-day flag changed plans its occurrences again from its lines. */
function startMoved(state: EventState, next: EventFacts): boolean {
  if (!state.exists || !state.series) return false;
  const { start, timezone, allDay } = state.facts;
  return start !== next.start || timezone !== next.timezone || allDay !== next.allDay;
}

export async function changeEventDetails(
  deps: EventCommandDeps,
  id: number,
  input: EventInput,
  ctx: WriteContext,
  guard: WriteGuard = {},
): Promise<Either<CommandError, EventWritten>> {
  const request = await requestWithPasswordHash(input, async () => {
    const { state } = await loadEvent(deps.store, id);
    return state.exists ? state.facts.passwordHash : undefined;
  });
  const command: EventCommand = {
    type: 'ChangeEventDetails',
    request,
    nowUtc: instantToUtc(ctx.now),
    zones: deps.zones,
  };
  const written = await onLoadedPost(deps, eventResource, id, guard, async (loaded) => {
    const planned = await withPlannedSeries(deps, loaded.state, command, input, id, ctx);
    if (planned._tag === 'Left') return planned;
    const outcome = await decideWithSlug(deps, eventResource, id, loaded, planned.right.command, input.slug, ctx);
    if (!isAppended(outcome) && loaded.state.exists)
      await releaseClaims(deps, loaded.state.facts.language, planned.right.claimed, ctx);
    return outcome;
  });
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}

export async function trashEvent(
  deps: EventCommandDeps,
  id: number,
  ctx: WriteContext,
  guard: WriteGuard = {},
): Promise<Either<CommandError, EventWritten>> {
  const written = await trashPost(deps, eventResource, id, { type: 'TrashEvent' }, ctx, guard);
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}

/** Publishes a `future` event whose date passed, unless it is no longer due (docs/api.md §20.6). */
export function publishScheduledEvent(
  deps: PostWriteDeps,
  id: number,
  check: ScheduledPublicationCheck,
  ctx: WriteContext,
): Promise<Either<CommandError, ScheduledPublicationOutcome>> {
  return publishScheduledPost(deps, eventResource, id, { type: 'PublishScheduled', ...check }, ctx);
}
