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
import type { SlugRegistry } from '../registries/slugRegistry.ts';
import type { StreamLocks } from '../streamLocks.ts';
import { newStream, retryOnConflict, type Written } from '../commandHandler.ts';
import type { CommandError } from '../errors.ts';
import {
  changePost,
  decideWithSlug,
  loadPost,
  publishScheduledPost,
  trashPost,
  type PostResource,
  type PostWriteDeps,
  type ScheduledPublicationOutcome,
} from '../posts/postStreamWrites.ts';
import type { ScheduledPublicationCheck } from '../posts/publication.ts';
import { eventDecider, nextEventFacts, type EventCommand, type ScheduleDefaults } from './eventDecider.ts';
import type { EventInput } from './eventInput.ts';
import { abandonTranslation, claimTranslation } from '../registries/translationClaims.ts';
import { requestWithPasswordHash } from '../posts/passwordToStore.ts';
import { invalidParams, reason } from '../errors.ts';
import type { WriteGuard } from '../posts/writeGuard.ts';

export interface EventCommandDeps {
  readonly store: EventStore;
  readonly postIds: IdSource;
  readonly slugs: SlugRegistry;
  readonly locks: StreamLocks;
  /** Handed to the decider with each command, which settles dates into UTC with it. */
  readonly zones: ZoneClock;
}

export interface EventWritten extends Written {
  readonly id: number;
}

/** Calendar events as the shared post write steps take them. */
const eventResource: PostResource<EventFacts, EventCommand, CalendarEventEvent> = {
  kind: 'event',
  decider: eventDecider,
  streamId: eventStreamId,
  accepts: isCalendarEventEvent,
  nextFacts: nextEventFacts,
  titleOf: (facts) => facts.title,
};

export const loadEvent = (store: EventStore, id: number) => loadPost(eventResource, store, id);

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
  const command: EventCommand = {
    type: 'ScheduleEvent',
    id,
    request,
    defaults,
    nowUtc: instantToUtc(ctx.now),
    zones: deps.zones,
  };
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
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
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
  const written = await changePost(deps, eventResource, id, command, input.slug, ctx, guard);
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
