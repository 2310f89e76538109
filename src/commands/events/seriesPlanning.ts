// The handler's part of a series write (docs/api.md §20.1): checks `recurrence` against the event as the write
// leaves it, then plans its occurrences up to the horizon. New occurrences take ids from the shared post sequence and
// claim their slugs here, before deciding, so the decider stays pure and replays give the same ids and slugs
// (docs/architecture.md §8); occurrences the series planned before keep theirs.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { EventFacts } from '../../events/catalogue/calendarEvents.ts';
import { eventStreamId } from '../../events/catalogue/calendarEvents.ts';
import type { PlannedOccurrence, SeriesFacts } from '../../events/catalogue/seriesEvents.ts';
import { instantToLocal, type LocalDateTime } from '../../domain/localDateTime.ts';
import {
  checkRecurrence,
  defaultMaxOccurrences,
  type CheckedRecurrence,
} from '../../domain/recurrence/recurrenceInput.ts';
import { slugify } from '../../domain/slug.ts';
import type { ZoneClock } from '../../domain/timeZone.ts';
import type { IdSource } from '../registries/idAllocator.ts';
import type { SlugRegistry } from '../registries/slugRegistry.ts';
import { invalidParams, type CommandError } from '../errors.ts';
import type { SeriesPlan } from './seriesDecision.ts';

/** CAL_RECURRENCE_HORIZON_MONTHS and CAL_RECURRENCE_MAX_OCCURRENCES. */
export interface RecurrenceSettings {
  readonly horizonMonths: number;
  readonly maxOccurrences: number;
}

export const defaultRecurrenceSettings: RecurrenceSettings = {
  horizonMonths: 24,
  maxOccurrences: defaultMaxOccurrences,
};

export interface SeriesPlanningDeps {
  readonly postIds: IdSource;
  readonly slugs: SlugRegistry;
  readonly zones: ZoneClock;
  readonly recurrence?: RecurrenceSettings;
}

/** A plan, and the slugs claimed for it: given back when the plan is not written. */
export interface PlannedSeries {
  readonly plan: SeriesPlan;
  readonly claimed: readonly PlannedOccurrence[];
}

/** `[]` and `null` end a series (docs/api.md §20.1). */
export const endsSeries = (recurrence: unknown): boolean =>
  recurrence === null || (Array.isArray(recurrence) && recurrence.length === 0);

/** The last local start the horizon allows: `now` plus the horizon months, read in the event's zone. */
export function horizonEnd(now: Date, months: number, zone: string, zones: ZoneClock): LocalDateTime {
  const end = new Date(now.getTime());
  end.setUTCMonth(end.getUTCMonth() + months);
  return instantToLocal(end, zone, zones);
}

/** `recurrence` checked for an event whose facts after the write are `next`, up to the horizon from `ctx.now`. */
export function checkSeriesRecurrence(
  deps: Pick<SeriesPlanningDeps, 'zones' | 'recurrence'>,
  recurrence: unknown,
  next: EventFacts,
  ctx: Pick<WriteContext, 'now'>,
): Either<CommandError, CheckedRecurrence> {
  const settings = deps.recurrence ?? defaultRecurrenceSettings;
  const reading = checkRecurrence(
    recurrence,
    { start: next.start, zone: next.timezone, allDay: next.allDay },
    {
      horizonEnd: horizonEnd(ctx.now, settings.horizonMonths, next.timezone, deps.zones),
      maxCount: settings.maxOccurrences,
    },
    deps.zones,
  );
  return reading.ok ? right(reading.recurrence) : left(invalidParams({ name: 'recurrence', reason: reading.reason }));
}

/**
 * Checks and plans `recurrence` for an event whose facts after the write are `next`, on a series that stands as
 * `series`. `slugBase`: the series' slug (or what it will be derived from) for the occurrences' `{slug}-{date}`.
 */
export async function planSeries(
  deps: SeriesPlanningDeps,
  recurrence: unknown,
  next: EventFacts,
  series: SeriesFacts | undefined,
  slugBase: string,
  ctx: WriteContext,
): Promise<Either<CommandError, PlannedSeries>> {
  if (endsSeries(recurrence)) return right({ plan: { kind: 'remove' }, claimed: [] });
  const checked = checkSeriesRecurrence(deps, recurrence, next, ctx);
  if (checked._tag === 'Left') return checked;
  const reading = { recurrence: checked.right };
  const planned = new Map((series?.occurrences ?? []).map((occurrence) => [occurrence.originalStart, occurrence]));
  const occurrences: PlannedOccurrence[] = [];
  const claimed: PlannedOccurrence[] = [];
  try {
    for (const originalStart of reading.recurrence.expansion.starts) {
      // The series item is the first occurrence (docs/api.md §20.2).
      if (originalStart === next.start) continue;
      const known = planned.get(originalStart);
      occurrences.push(known ?? (await claimOccurrence(deps, next.language, slugBase, originalStart, ctx)));
      if (!known) claimed.push(occurrences.at(-1) as PlannedOccurrence);
    }
  } catch (error) {
    // A claim that failed midway must not keep the ones before it: a retry plans new ids and wants the same slugs.
    await releaseClaims(deps, next.language, claimed, ctx);
    throw error;
  }
  return right({ plan: { kind: 'set', recurrence: reading.recurrence.lines, occurrences }, claimed });
}

/** A new occurrence: an id from the shared post sequence and the slug `{series slug}-{date}`, claimed for it. */
async function claimOccurrence(
  deps: SeriesPlanningDeps,
  language: string,
  slugBase: string,
  originalStart: PlannedOccurrence['originalStart'],
  ctx: WriteContext,
): Promise<PlannedOccurrence> {
  const id = await deps.postIds.next();
  const base = `${slugBase}-${originalStart.slice(0, 10)}`;
  const slug = await deps.slugs.reserve('event', language, base, eventStreamId(id), ctx);
  return { id, slug, originalStart };
}

/** Gives back the slugs a plan claimed when its events were not written. */
export async function releaseClaims(
  deps: SeriesPlanningDeps,
  language: string,
  claimed: readonly PlannedOccurrence[],
  ctx: WriteContext,
): Promise<void> {
  for (const { id, slug } of claimed) await deps.slugs.release('event', language, slug, eventStreamId(id), ctx);
}

/** The base of the occurrences' slugs: the series' slug, or what the series' own slug will be made from. */
export const occurrenceSlugBase = (facts: EventFacts, requested: string | undefined, id: number): string =>
  facts.slug || requested || slugify(facts.title) || String(id);
