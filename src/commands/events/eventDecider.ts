// The decider of calendar events: given a command and the state, the events to append or a failure.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { CalendarEventEvent, EventChanges, EventFacts } from '../../events/catalogue/calendarEvents.ts';
import type { NewSeriesStart } from '../../events/catalogue/seriesEvents.ts';
import { decideOccurrence, decideSplit, seriesEvents, type SeriesPlan } from './seriesDecision.ts';
import type { Language, PostStatus } from '../../events/catalogue/values.ts';
import { endOfDay, localToUtc, startOfDay, type LocalDateTime } from '../../domain/localDateTime.ts';
import { trashedSlug } from '../../domain/slug.ts';
import type { ZoneClock } from '../../domain/timeZone.ts';
import { invalidParams, reason, type CommandError } from '../errors.ts';
import { evolveEvent, initialEventState, type EventState } from './eventState.ts';
import type { Decider } from '../decider.ts';
import { translationOf, type TranslationTarget } from '../registries/translationClaims.ts';
import {
  changedFields,
  definedOnly,
  isScheduledPublicationDue,
  publicationStatus,
  type PublicationDate,
  type ScheduledPublicationCheck,
} from '../posts/publication.ts';

export type { PublicationDate };

/** What a write asks for, already parsed; absent keys keep stored values (docs/api.md §10.1 Update). */
export interface EventRequest extends Omit<
  Partial<EventFacts>,
  'language' | 'publishedUtc' | 'startUtc' | 'endUtc' | 'status'
> {
  readonly status?: Exclude<PostStatus, 'trash'>;
  readonly date?: PublicationDate;
}

export interface ScheduleDefaults {
  readonly language: Language;
  readonly author: string;
  readonly status: PostStatus;
  readonly timezone: string;
  /** The translation group the new event joins (`translation_of`), already validated. */
  readonly translation?: TranslationTarget;
}

/** The slug the handler settled (planned, or reserved in the registry); absent: the facts keep the one they have. */
interface SettledSlug {
  readonly slug?: string;
}

/** The series the handler planned from a `recurrence` (ids and slugs allocated before deciding); absent: unchanged. */
interface PlannedSeries {
  readonly series?: SeriesPlan;
}

export type EventCommand =
  | (SettledSlug &
      PlannedSeries & {
        readonly type: 'ScheduleEvent';
        readonly id: number;
        readonly request: EventRequest & {
          readonly title: string;
          readonly start: LocalDateTime;
          readonly end: LocalDateTime;
        };
        readonly defaults: ScheduleDefaults;
        readonly nowUtc: LocalDateTime;
        /** The handler's zone clock: a memo of pure conversions, so the decision stays a function of the command. */
        readonly zones: ZoneClock;
      })
  | (SettledSlug &
      PlannedSeries & {
        readonly type: 'ChangeEventDetails';
        readonly request: EventRequest;
        readonly nowUtc: LocalDateTime;
        readonly zones: ZoneClock;
      })
  /**
   * The scheduler's: `future` becomes `publish` once its date passed (docs/api.md §20.6); a no-op when no longer due.
   */
  | (SettledSlug & ScheduledPublicationCheck & { readonly type: 'PublishScheduled' })
  | { readonly type: 'TrashEvent' }
  /** A write to one occurrence of the series (docs/api.md §20.3): it becomes an exception. */
  | {
      readonly type: 'ChangeOccurrence';
      readonly occurrence: number;
      readonly request: EventRequest;
      readonly nowUtc: LocalDateTime;
      readonly zones: ZoneClock;
    }
  /** The delete of one occurrence: the series gains an EXDATE for its original start. */
  | { readonly type: 'CancelOccurrence'; readonly occurrence: number }
  /**
   * `recurrence_scope=following` on an occurrence: the series ends before it with `recurrence` (its lines cut there,
   * seriesSplit.ts) and the occurrences from it on leave for `newSeries` (an id the handler took before deciding).
   */
  /** The horizon process manager's: the same lines planned to a later horizon (docs/architecture.md §8). */
  | { readonly type: 'ExtendSeries'; readonly series: SeriesPlan }
  | {
      readonly type: 'SplitSeries';
      readonly occurrence: number;
      readonly newSeries: number;
      readonly recurrence: readonly string[];
      /** What the new series starts as, recorded so the split can be completed from the store alone. */
      readonly newSeriesStart: NewSeriesStart;
    };

/**
 * The facts an event would have after the command, before a slug is settled: the handler plans the slug from them
 * (the status and title they end with) before it asks the registry, which the pure step cannot.
 */
export function nextEventFacts(state: EventState, command: EventCommand): Either<CommandError, EventFacts> {
  switch (command.type) {
    case 'ScheduleEvent':
      if (state.exists) return left({ kind: 'write-conflict', resource: 'event' });
      return settle(scheduledBase(command), command.request, command.nowUtc, command.zones);
    case 'ChangeEventDetails':
      if (!state.exists) return left({ kind: 'not-found', resource: 'event', id: 0 });
      return settle(state.facts, command.request, command.nowUtc, command.zones, 'recorded');
    case 'PublishScheduled':
      if (!state.exists) return left({ kind: 'not-found', resource: 'event', id: 0 });
      return right(
        isScheduledPublicationDue(state.facts, command) ? { ...state.facts, status: 'publish' } : state.facts,
      );
    case 'TrashEvent':
      if (!state.exists) return left({ kind: 'not-found', resource: 'event', id: 0 });
      if (state.facts.status === 'trash') return left({ kind: 'already-trashed', resource: 'event' });
      return right({ ...state.facts, status: 'trash', slug: trashedSlug(state.facts.slug) });
    case 'ChangeOccurrence':
    case 'CancelOccurrence':
    case 'SplitSeries':
    case 'ExtendSeries':
      // The series item's own facts stay as they are.
      if (!state.exists) return left({ kind: 'not-found', resource: 'event', id: 0 });
      return right(state.facts);
  }
}

/** One pure step: the events recording the command's outcome on the state, with the slug the command carries. */
const decideEvent = (command: EventCommand, state: EventState): Either<CommandError, CalendarEventEvent[]> =>
  decideEventOnFacts(command, state, nextEventFacts(state, command));

/**
 * `decide` given what `nextEventFacts` answered for the command. The slug a command carries never changes those facts
 * (it is put on them here), so the handler, which computed them to plan the slug, hands them over: dates are settled
 * into UTC once per write instead of twice.
 */
export function decideEventOnFacts(
  command: EventCommand,
  state: EventState,
  next: Either<CommandError, EventFacts>,
): Either<CommandError, CalendarEventEvent[]> {
  if (next._tag === 'Left') return next;
  if (command.type === 'ScheduleEvent') {
    const facts = withSettledSlug(next.right, command);
    return right([
      { type: 'EventScheduled', data: { id: command.id, facts, ...translationOf(command.defaults.translation) } },
      ...seriesEvents(command.id, undefined, command.series),
    ]);
  }
  if (!state.exists) return left({ kind: 'not-found', resource: 'event', id: 0 });
  if (command.type === 'SplitSeries') return decideSplit(command, state);
  // Nothing when the plan is the one recorded: a second process extending the same series appends nothing.
  if (command.type === 'ExtendSeries') return right(seriesEvents(state.id, state.series, command.series));
  if (command.type === 'ChangeOccurrence' || command.type === 'CancelOccurrence') {
    const settleOnto = (facts: EventFacts, request: EventRequest) =>
      command.type === 'ChangeOccurrence' ? settle(facts, request, command.nowUtc, command.zones) : right(facts);
    return decideOccurrence(command, state, settleOnto);
  }
  if (command.type === 'PublishScheduled' && !isScheduledPublicationDue(state.facts, command)) return right([]);
  if (command.type === 'ChangeEventDetails' || command.type === 'PublishScheduled') {
    const changes = changedFacts(state.facts, withSettledSlug(next.right, command));
    const series = command.type === 'ChangeEventDetails' ? seriesEvents(state.id, state.series, command.series) : [];
    // A write that only changes the series records no empty change of the series item's facts.
    const details: CalendarEventEvent[] =
      series.length > 0 && Object.keys(changes).length === 0
        ? []
        : [{ type: 'EventDetailsChanged', data: { id: state.id, changes } }];
    return right([...details, ...series]);
  }
  return right([
    { type: 'EventTrashed', data: { id: state.id, previousStatus: state.facts.status, slug: next.right.slug } },
  ]);
}

export const eventDecider: Decider<EventCommand, CalendarEventEvent, EventState, CommandError> = {
  initialState: initialEventState,
  evolve: evolveEvent,
  decide: decideEvent,
};

const withSettledSlug = (facts: EventFacts, { slug }: SettledSlug): EventFacts =>
  slug === undefined ? facts : { ...facts, slug };

function scheduledBase(command: Extract<EventCommand, { type: 'ScheduleEvent' }>): EventFacts {
  const { defaults, request, nowUtc } = command;
  return {
    language: defaults.language,
    author: defaults.author,
    status: defaults.status,
    publishedUtc: nowUtc,
    title: request.title,
    description: '',
    excerpt: '',
    slug: '',
    timezone: defaults.timezone,
    allDay: false,
    start: request.start,
    end: request.end,
    startUtc: request.start,
    endUtc: request.end,
    cost: null,
    website: null,
    showMap: false,
    showMapLink: false,
    hideFromListings: false,
    sticky: false,
    featured: false,
    image: null,
    categories: [],
    tags: [],
    venues: [],
    organizers: [],
    passwordHash: null,
  };
}

/** Applies a request onto facts and enforces the date and publication rules of docs/api.md §10.1. */
function settle(
  base: EventFacts,
  request: EventRequest,
  nowUtc: LocalDateTime,
  zones: ZoneClock,
  baseInstants: 'recorded' | 'placeholders' = 'placeholders',
): Either<CommandError, EventFacts> {
  const { date, ...fields } = request;
  const merged: EventFacts = { ...base, ...definedOnly(fields) };
  // The base's instants were settled with its dates and zone (a stored event), or are placeholders (a new one).
  const recorded = baseInstants === 'recorded' && merged.timezone === base.timezone;
  const allDayStart = merged.allDay ? startOfDay(merged.start) : merged.start;
  const allDayEnd = merged.allDay ? endOfDay(merged.end) : merged.end;
  if (endBeforeStart(merged.start, merged.end, merged.allDay)) {
    return left(
      invalidParams({
        name: request.end !== undefined ? 'end_date' : 'start_date',
        reason: reason('event-end-before-start'),
      }),
    );
  }
  const publishedUtc =
    date === undefined
      ? merged.publishedUtc
      : 'utc' in date
        ? date.utc
        : localToUtc(date.local, merged.timezone, zones);
  return right({
    ...merged,
    start: allDayStart,
    end: allDayEnd,
    startUtc: instantOf(allDayStart, merged.timezone, zones, recorded && { local: base.start, utc: base.startUtc }),
    endUtc: instantOf(allDayEnd, merged.timezone, zones, recorded && { local: base.end, utc: base.endUtc }),
    publishedUtc,
    status: publicationStatus(merged.status, publishedUtc, nowUtc),
  });
}

/**
 * The UTC instant of a local time in a zone. A change that leaves a date and its zone as recorded keeps the instant
 * recorded with them (`recorded`, given when the zone is the recorded one): it records no change of the instant, even
 * if the platform's zone rules moved since, and converts nothing (the conversion was a large part of a change's CPU).
 */
function instantOf(
  local: LocalDateTime,
  zone: string,
  zones: ZoneClock,
  recorded: false | { readonly local: LocalDateTime; readonly utc: LocalDateTime },
): LocalDateTime {
  return recorded && recorded.local === local ? recorded.utc : localToUtc(local, zone, zones);
}

/** After whole-day normalisation, the end must not be earlier than the start (equal is fine). */
export function endBeforeStart(start: LocalDateTime, end: LocalDateTime, allDay: boolean): boolean {
  return (allDay ? endOfDay(end) : end) < (allDay ? startOfDay(start) : start);
}

/** Only the facts whose value differs, so that each recorded change says exactly what it changed. */
export const changedFacts = (before: EventFacts, after: EventFacts): EventChanges => changedFields(before, after);
