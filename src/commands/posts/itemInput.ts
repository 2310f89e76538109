// Reads the venue and organizer write fields they share
// (docs/api.md §10.2) into an ItemRequest; the kinds add their own.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { readDateTimeInput } from '../../domain/dateTimeInput.ts';
import { localToUtc } from '../../domain/localDateTime.ts';
import { slugify } from '../../domain/slug.ts';
import type { ZoneClock } from '../../domain/timeZone.ts';
import { dateReason, reason, type InvalidParam, type ParamReason } from '../errors.ts';
import type { ItemFacts, ItemRequest } from './itemDecider.ts';
import { scaledStatus } from './publication.ts';

export interface ItemInputContext {
  readonly siteZone: string;
  readonly now: Date;
  /** Contributors' `publish`/`future` become `pending` (docs/api.md §3.3). */
  readonly scaleDownStatus: boolean;
  readonly userExists: (id: number) => boolean;
  /** Venue coordinates are read only with the extended add-on on (§16). */
  readonly extendedAddOn: boolean;
  readonly zones: ZoneClock;
}

/** An ItemRequest plus the explicit slug, which the handler turns into a reservation. */
export interface ItemInput<F extends ItemFacts> {
  readonly request: ItemRequest<F>;
  /** Normalised explicit slug; `""` when the normalisation left nothing (the item id is used then). */
  readonly slug?: string;
  /**
   * A `password` sent: the new one, `null` to remove it. Hashed by the handler before deciding (passwordToStore.ts).
   */
  readonly password?: string | null;
}

export type Args = Readonly<Record<string, unknown>>;

/** A kind's own fields: what its name parameter is called, and how to read the rest. */
export interface ItemFieldReader {
  readonly nameParam: 'venue' | 'organizer';
  /** Text parameters stored under the same fact name; `""` blanks. */
  readonly textFields: readonly string[];
  readOwn?(
    args: Args,
    ctx: ItemInputContext,
    request: Record<string, unknown>,
    fail: (name: string, why: ParamReason) => void,
  ): void;
}

/** `args` holds only parameters that were sent, each already accepted by its codec. */
export function readItemInput<F extends ItemFacts>(
  reader: ItemFieldReader,
  args: Args,
  ctx: ItemInputContext,
): Either<InvalidParam[], ItemInput<F>> {
  const invalid: InvalidParam[] = [];
  const request: Record<string, unknown> = {};
  const fail = (name: string, why: ParamReason) => invalid.push({ name, reason: why });

  if (typeof args.author === 'number') {
    if (ctx.userExists(args.author)) request.author = String(args.author);
    else fail('author', reason('unknown-user'));
  }
  // Item dates are read in the site zone (§1.3); `date` wins over `date_utc` as for events.
  for (const [name, zone] of [
    ['date', ctx.siteZone],
    ['date_utc', 'UTC'],
  ] as const) {
    if (typeof args[name] !== 'string') continue;
    const read = readDateTimeInput(args[name], zone, ctx.now, ctx.zones);
    if (!read.ok) fail(name, dateReason(read.problem));
    else request.publishedUtc ??= localToUtc(read.local, zone, ctx.zones);
  }
  const name = args[reader.nameParam];
  if (typeof name === 'string') {
    if (name.trim() === '') fail(reader.nameParam, reason('empty'));
    else request.name = name.trim();
  }
  if (typeof args.description === 'string') request.description = args.description;
  if (typeof args.status === 'string') request.status = scaledStatus(args.status, ctx.scaleDownStatus);
  for (const field of reader.textFields) if (typeof args[field] === 'string') request[field] = args[field];
  if (typeof args.website === 'string') request.website = args.website;
  reader.readOwn?.(args, ctx, request, fail);
  if (invalid.length > 0) return left(invalid);
  const slug = typeof args.slug === 'string' ? slugify(args.slug) : undefined;
  const password = typeof args.password === 'string' ? { password: args.password === '' ? null : args.password } : {};
  return right({ request: request as ItemRequest<F>, ...(slug !== undefined ? { slug } : {}), ...password });
}
