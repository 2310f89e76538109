// Reads validated event write parameters into an EventRequest: dates in their target zone, cost, password, links.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { readDateTimeInput, zoneToKeep } from '../../domain/dateTimeInput.ts';
import { parseTimeZone, type ZoneClock } from '../../domain/timeZone.ts';
import { parseCostInput } from '../../domain/cost.ts';
import { slugify } from '../../domain/slug.ts';
import { dateReason, reason, type InvalidParam, type ParamReason } from '../errors.ts';
import type { EventRequest } from './eventDecider.ts';
import { scaledStatus } from '../posts/publication.ts';

export interface EventInputContext {
  readonly siteZone: string;
  readonly now: Date;
  /** The stored event's zone on update: the target zone of dates when the request names none. */
  readonly storedZone?: string;
  /** Contributors' `publish`/`future` become `pending` (docs/api.md §3.3). */
  readonly scaleDownStatus: boolean;
  readonly userExists: (id: number) => boolean;
  readonly zones: ZoneClock;
}

/** An EventRequest plus the explicit slug, which the handler turns into a reservation. */
export interface EventInput {
  readonly request: EventRequest;
  /** Normalised explicit slug; `""` when the normalisation left nothing (the item id is used then). */
  readonly slug?: string;
  /**
   * A `password` sent: the new one, `null` to remove it. Hashed by the handler before deciding (passwordToStore.ts).
   */
  readonly password?: string | null;
  /**
   * `recurrence` as sent (docs/api.md §20.1): checked by the handler against the event as the write leaves it (its
   * start, zone and whole-day flag), which only the handler knows on an update.
   */
  readonly recurrence?: unknown;
}

type Args = Readonly<Record<string, unknown>>;

const booleanFields = {
  all_day: 'allDay',
  show_map: 'showMap',
  show_map_link: 'showMapLink',
  hide_from_listings: 'hideFromListings',
  sticky: 'sticky',
  featured: 'featured',
} as const;

/** `args` holds only parameters that were sent, each already accepted by its codec. */
export function readEventInput(args: Args, ctx: EventInputContext): Either<InvalidParam[], EventInput> {
  const invalid: InvalidParam[] = [];
  const request: Record<string, unknown> = {};
  const fail = (name: string, why: ParamReason) => invalid.push({ name, reason: why });

  let zone = ctx.storedZone ?? ctx.siteZone;
  if (typeof args.timezone === 'string') {
    const parsed = args.timezone === '' ? ctx.siteZone : parseTimeZone(args.timezone);
    if (parsed === undefined) fail('timezone', reason('unknown-time-zone'));
    else zone = request.timezone = parsed;
  } else if (ctx.storedZone === undefined) {
    // A new event without a `timezone` whose dates carry their own offset or zone keeps it, rather than turn into
    // the site zone; an existing event keeps its zone, and such dates are converted into it.
    const named = [args.start_date, args.end_date].find(
      (value) => typeof value === 'string' && zoneToKeep(value, zone, ctx.now, ctx.zones),
    );
    if (typeof named === 'string') zone = request.timezone = zoneToKeep(named, zone, ctx.now, ctx.zones) as string;
  }
  if (typeof args.author === 'number') {
    if (ctx.userExists(args.author)) request.author = String(args.author);
    else fail('author', reason('unknown-user'));
  }
  if (typeof args.date === 'string') {
    const read = readDateTimeInput(args.date, zone, ctx.now, ctx.zones);
    if (!read.ok) fail('date', dateReason(read.problem));
    else request.date = { local: read.local };
  }
  if (typeof args.date_utc === 'string') {
    const read = readDateTimeInput(args.date_utc, 'UTC', ctx.now, ctx.zones);
    if (!read.ok) fail('date_utc', dateReason(read.problem));
    else request.date ??= { utc: read.local };
  }
  if (typeof args.title === 'string') request.title = args.title.trim();
  if (typeof args.description === 'string') request.description = args.description;
  if (typeof args.excerpt === 'string') request.excerpt = args.excerpt;
  if (typeof args.status === 'string') request.status = scaledStatus(args.status, ctx.scaleDownStatus);
  for (const name of ['start_date', 'end_date'] as const) {
    if (typeof args[name] !== 'string') continue;
    const read = readDateTimeInput(args[name], zone, ctx.now, ctx.zones);
    if (!read.ok) fail(name, dateReason(read.problem));
    else request[name === 'start_date' ? 'start' : 'end'] = read.local;
  }
  for (const [name, field] of Object.entries(booleanFields)) {
    if (typeof args[name] === 'boolean') request[field] = args[name];
  }
  if ('cost' in args) {
    const cost = parseCostInput(args.cost);
    if (cost !== undefined) request.cost = cost;
  }
  if (typeof args.website === 'string') request.website = args.website;
  if (invalid.length > 0) return left(invalid);
  const slug = typeof args.slug === 'string' ? slugify(args.slug) : undefined;
  const password = typeof args.password === 'string' ? { password: args.password === '' ? null : args.password } : {};
  return right({
    request: request as EventRequest,
    ...(slug !== undefined ? { slug } : {}),
    ...password,
    ...series(args),
  });
}

/** `recurrence` as sent, `null` included (it ends a series); absent when not sent. */
const series = (args: Args): { recurrence?: unknown } => ('recurrence' in args ? { recurrence: args.recurrence } : {});
