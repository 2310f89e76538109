// Command handlers for one occurrence of a series (docs/api.md §20.3): the write goes to the series item's stream,
// the one stream of the series, with its expected revision, so concurrent writes to the series and its occurrences
// are ordered there (an `If-Match` holds against that stream's revision, which is every occurrence's ETag).
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import { eventStreamId } from '../../events/catalogue/calendarEvents.ts';
import { instantToUtc } from '../../domain/localDateTime.ts';
import { appendEvents } from '../commandHandler.ts';
import { invalidParams, reason, type CommandError } from '../errors.ts';
import { onLoadedPost } from '../posts/postStreamWrites.ts';
import { requestWithPasswordHash } from '../posts/passwordToStore.ts';
import type { WriteGuard } from '../posts/writeGuard.ts';
import { eventDecider, type EventCommand } from './eventDecider.ts';
import { eventResource, type EventCommandDeps, type EventWritten } from './eventCommands.ts';
import type { EventInput } from './eventInput.ts';

/** What an occurrence write reports: the occurrence's id, and the series whose stream holds the write. */
export interface OccurrenceWritten extends EventWritten {
  readonly series: number;
}

async function decideOnSeries(
  deps: EventCommandDeps,
  series: number,
  occurrence: number,
  command: EventCommand,
  ctx: WriteContext,
  guard: WriteGuard,
): Promise<Either<CommandError, OccurrenceWritten>> {
  const written = await onLoadedPost(deps, eventResource, series, guard, async (loaded) => {
    const decided = eventDecider.decide(command, loaded.state);
    if (decided._tag === 'Left') return decided;
    return appendEvents(deps.store, eventStreamId(series), decided.right, loaded, ctx);
  });
  return written._tag === 'Right' ? right({ ...written.right, id: occurrence, series }) : written;
}

/** A write to one occurrence: it becomes an exception holding the fields the write changed. */
export async function changeOccurrence(
  deps: EventCommandDeps,
  series: number,
  occurrence: number,
  input: EventInput,
  ctx: WriteContext,
  guard: WriteGuard = {},
): Promise<Either<CommandError, OccurrenceWritten>> {
  // Ignoring the lines would answer 200 for a rule that was never set (docs/api.md §20.3).
  if ('recurrence' in input)
    return left(invalidParams({ name: 'recurrence', reason: reason('occurrence-has-no-rule') }));
  // A new password is hashed here; the occurrence's own stored hash is only ever replaced, never read back.
  const request = await requestWithPasswordHash(input, () => Promise.resolve(undefined));
  const command: EventCommand = {
    type: 'ChangeOccurrence',
    occurrence,
    request,
    nowUtc: instantToUtc(ctx.now),
    zones: deps.zones,
  };
  return decideOnSeries(deps, series, occurrence, command, ctx, guard);
}

/** The delete of one occurrence: the series gains an EXDATE for its original start and the occurrence leaves lists. */
export function cancelOccurrence(
  deps: EventCommandDeps,
  series: number,
  occurrence: number,
  ctx: WriteContext,
  guard: WriteGuard = {},
): Promise<Either<CommandError, OccurrenceWritten>> {
  return decideOnSeries(deps, series, occurrence, { type: 'CancelOccurrence', occurrence }, ctx, guard);
}
