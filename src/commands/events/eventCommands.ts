// Command handlers for calendar events: allocate, reserve slugs, decide, append with the expected revision.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../events/eventStore.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import { eventStreamId, isCalendarEventEvent, type EventFacts } from '../../events/catalogue/calendarEvents.ts';
import { instantToLocal } from '../../domain/localDateTime.ts';
import type { IdAllocator } from '../registries/idAllocator.ts';
import type { SlugRegistry } from '../registries/slugRegistry.ts';
import { appendEvents, ifMatchHolds, loadStream, retryOnConflict, type Attempt, type Written } from '../commandHandler.ts';
import type { CommandError } from '../errors.ts';
import { withStreamLock } from '../streamLocks.ts';
import { decideEvent, nextEventFacts, type EventCommand, type ScheduleDefaults } from './eventDecider.ts';
import { evolveEvent, initialEventState, type EventState } from './eventState.ts';
import type { EventInput } from './eventInput.ts';
import { planSlug } from './slugPlan.ts';

export interface EventCommandDeps {
  readonly store: EventStore;
  readonly postIds: IdAllocator;
  readonly slugs: SlugRegistry;
}

export interface EventWritten extends Written {
  readonly id: number;
}

export const loadEvent = (store: EventStore, id: number) =>
  loadStream(store, eventStreamId(id), initialEventState, evolveEvent, isCalendarEventEvent);

export async function scheduleEvent(
  deps: EventCommandDeps,
  input: EventInput & { request: { title: string; start: string; end: string } },
  defaults: ScheduleDefaults,
  ctx: WriteContext,
): Promise<Either<CommandError, EventWritten>> {
  const id = await deps.postIds.next();
  const command: EventCommand = { type: 'ScheduleEvent', id, request: input.request, defaults, nowUtc: instantToLocal(ctx.now, 'UTC') };
  const written = await retryOnConflict('event', () =>
    decideWithSlug(deps, id, { exists: false }, 'no_stream', command, input.slug, ctx),
  );
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}

export async function changeEventDetails(
  deps: EventCommandDeps,
  id: number,
  input: EventInput,
  ctx: WriteContext,
  ifMatch?: bigint,
): Promise<Either<CommandError, EventWritten>> {
  const command: EventCommand = { type: 'ChangeEventDetails', request: input.request, nowUtc: instantToLocal(ctx.now, 'UTC') };
  const written = await withStreamLock(eventStreamId(id), () => retryOnConflict(
    'event',
    async () => {
      const { state, revision } = await loadEvent(deps.store, id);
      if (!state.exists) return left({ kind: 'not-found', resource: 'event', id } as const);
      if (!ifMatchHolds(ifMatch, revision)) return left({ kind: 'precondition-failed' } as const);
      return decideWithSlug(deps, id, state, revision, command, input.slug, ctx);
    },
    ifMatch === undefined ? {} : { ifMatch },
  ));
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}

export async function trashEvent(
  deps: EventCommandDeps,
  id: number,
  ctx: WriteContext,
  ifMatch?: bigint,
): Promise<Either<CommandError, EventWritten>> {
  const written = await withStreamLock(eventStreamId(id), () => retryOnConflict(
    'event',
    async (): Promise<Attempt<Written>> => {
      const { state, revision } = await loadEvent(deps.store, id);
      if (!state.exists) return left({ kind: 'not-found', resource: 'event', id });
      if (!ifMatchHolds(ifMatch, revision)) return left({ kind: 'precondition-failed' });
      const decided = decideEvent(state, { type: 'TrashEvent' });
      if (decided._tag === 'Left') return decided;
      const outcome = await appendEvents(deps.store, eventStreamId(id), decided.right, revision, ctx);
      if (outcome !== 'lost-race' && outcome._tag === 'Right') {
        await deps.slugs.release('event', state.facts.language, state.facts.slug, eventStreamId(id), ctx);
      }
      return outcome;
    },
    ifMatch === undefined ? {} : { ifMatch },
  ));
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}

/**
 * Decides once to learn the resulting status, settles the slug (reserving it when the status needs a unique one),
 * decides again with that slug and appends. A reservation whose append did not happen is released again.
 */
async function decideWithSlug(
  deps: EventCommandDeps,
  id: number,
  state: EventState,
  revision: bigint | 'no_stream',
  command: Exclude<EventCommand, { type: 'TrashEvent' }>,
  requestedSlug: string | undefined,
  ctx: WriteContext,
): Promise<Attempt<Written>> {
  const preview = nextEventFacts(state, command);
  if (preview._tag === 'Left') return preview;
  const before: EventFacts | undefined = state.exists ? state.facts : undefined;
  const plan = planSlug({
    ...(before ? { before: { status: before.status, slug: before.slug } } : {}),
    afterStatus: preview.right.status,
    ...(requestedSlug !== undefined ? { requested: requestedSlug === '' ? String(id) : requestedSlug } : {}),
    title: preview.right.title,
    id,
  });
  const owner = eventStreamId(id);
  const language = preview.right.language;
  let slug: string | undefined;
  if (plan.kind === 'set') slug = plan.slug;
  if (plan.kind === 'reserve') slug = await deps.slugs.reserve('event', language, plan.base, owner, ctx);
  const withSlug = (slug === undefined ? command : { ...command, request: { ...command.request, slug } }) as EventCommand;
  const decided = decideEvent(state, withSlug);
  if (decided._tag === 'Left') return decided;
  const outcome = await appendEvents(deps.store, owner, decided.right, revision, ctx);
  const appended = outcome !== 'lost-race' && outcome._tag === 'Right';
  if (plan.kind === 'reserve' && slug !== undefined && !appended && slug !== before?.slug) {
    await deps.slugs.release('event', language, slug, owner, ctx);
  }
  if (appended && plan.kind !== 'keep' && plan.release !== undefined) {
    await deps.slugs.release('event', language, plan.release, owner, ctx);
  }
  return outcome;
}
