// Command handlers for calendar events: allocate, reserve slugs, decide, append with the expected revision.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../events/eventStore.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import { eventStreamId, isCalendarEventEvent, type EventFacts } from '../../events/catalogue/calendarEvents.ts';
import { instantToLocal } from '../../domain/localDateTime.ts';
import type { IdAllocator } from '../registries/idAllocator.ts';
import type { SlugRegistry } from '../registries/slugRegistry.ts';
import type { StreamLocks } from '../streamLocks.ts';
import { loadStream, newStream, retryOnConflict, type Written } from '../commandHandler.ts';
import type { CommandError } from '../errors.ts';
import { changePost, decideWithSlug, trashPost, type PostStreamSpec } from '../posts/postStreamWrites.ts';
import { decideEvent, eventsOf, nextEventFacts, type EventCommand, type ScheduleDefaults } from './eventDecider.ts';
import { evolveEvent, initialEventState, type EventState } from './eventState.ts';
import type { EventInput } from './eventInput.ts';
import { abandonTranslation, claimTranslation } from '../registries/translationClaims.ts';
import { requestWithPasswordHash } from '../posts/passwordToStore.ts';
import { invalidParams, reason } from '../errors.ts';
import type { WriteGuard } from '../posts/writeGuard.ts';

export interface EventCommandDeps {
  readonly store: EventStore;
  readonly postIds: IdAllocator;
  readonly slugs: SlugRegistry;
  readonly locks: StreamLocks;
}

export interface EventWritten extends Written {
  readonly id: number;
}

export const loadEvent = (store: EventStore, id: number) =>
  loadStream(store, eventStreamId(id), initialEventState, evolveEvent, isCalendarEventEvent);

type DecidingCommand = Exclude<EventCommand, { type: 'TrashEvent' }>;

const eventStream: PostStreamSpec<EventState, DecidingCommand, EventFacts> = {
  kind: 'event',
  streamId: eventStreamId,
  load: loadEvent,
  factsOf: (state) => (state.exists ? state.facts : undefined),
  standingOf: (state) => (state.exists ? { author: state.facts.author, status: state.facts.status, statusBeforeTrash: state.statusBeforeTrash } : undefined),
  preview: nextEventFacts,
  decide: eventsOf,
  decideTrash: (state) => decideEvent(state, { type: 'TrashEvent' }),
  titleOf: (facts) => facts.title,
};

export async function scheduleEvent(
  deps: EventCommandDeps,
  input: EventInput & { request: { title: string; start: string; end: string } },
  defaults: ScheduleDefaults,
  ctx: WriteContext,
): Promise<Either<CommandError, EventWritten>> {
  const id = await deps.postIds.next();
  const { translation, language } = defaults;
  if (translation && !(await claimTranslation(deps.store, 'event', translation, id, language, ctx))) {
    return left(invalidParams({ name: 'translation_of', reason: reason('not-a-translation-target') }));
  }
  const request = await requestWithPasswordHash(input, () => Promise.resolve(undefined));
  const command: EventCommand = { type: 'ScheduleEvent', id, request, defaults, nowUtc: instantToLocal(ctx.now, 'UTC') };
  const written = await retryOnConflict('event', () =>
    decideWithSlug(deps, eventStream, id, { ...newStream, state: initialEventState }, command, input.slug, ctx),
  );
  if (written._tag === 'Left' && translation) await abandonTranslation(deps.store, 'event', translation, id, language, ctx);
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}

export async function changeEventDetails(
  deps: EventCommandDeps,
  id: number,
  input: EventInput,
  ctx: WriteContext,
  guard: WriteGuard = {},
): Promise<Either<CommandError, EventWritten>> {
  const request = await requestWithPasswordHash(input, async () => eventStream.factsOf((await loadEvent(deps.store, id)).state)?.passwordHash);
  const command: EventCommand = { type: 'ChangeEventDetails', request, nowUtc: instantToLocal(ctx.now, 'UTC') };
  const written = await changePost(deps, eventStream, id, command, input.slug, ctx, guard);
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}

export async function trashEvent(
  deps: EventCommandDeps,
  id: number,
  ctx: WriteContext,
  guard: WriteGuard = {},
): Promise<Either<CommandError, EventWritten>> {
  const written = await trashPost(deps, eventStream, id, ctx, guard);
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}
