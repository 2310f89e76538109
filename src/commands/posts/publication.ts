// Rules every post-like item (event, venue, organizer) shares on write: publication timing, status scale-down, changed
// facts.
import type { PostStatus } from '../../events/catalogue/values.ts';
import type { LocalDateTime } from '../../domain/localDateTime.ts';

/** Publication date as sent: `local` is wall clock in the item's zone, `utc` is UTC. */
export type PublicationDate = { readonly local: LocalDateTime } | { readonly utc: LocalDateTime };

/** A status a write may ask for; `trash` is only reached by trashing. */
export type RequestedStatus = Exclude<PostStatus, 'trash'>;

/** `publish` dated in the future is `future`; `future` dated now or earlier is `publish` (§10.1 Publication timing). */
export function publicationStatus(status: PostStatus, publishedUtc: LocalDateTime, nowUtc: LocalDateTime): PostStatus {
  if (status === 'publish' && publishedUtc > nowUtc) return 'future';
  if (status === 'future' && publishedUtc <= nowUtc) return 'publish';
  return status;
}

/**
 * What the scheduler asks (docs/api.md §20.6): publish the item it saw as `future` with this date, now that the date
 * has passed. `publishedUtc` is the date it saw, so that an item whose date was moved meanwhile is left alone.
 */
export interface ScheduledPublicationCheck {
  readonly publishedUtc: LocalDateTime;
  readonly nowUtc: LocalDateTime;
}

/**
 * A scheduled publication is due while the item is still `future`, still with the date the scheduler saw, and that
 * date has come. Anything else (published, unpublished, trashed, or re-dated meanwhile, by a user or by another
 * process's scheduler) makes the command a no-op, which is what keeps a duplicate attempt from appending anything.
 */
export function isScheduledPublicationDue(
  facts: { readonly status: PostStatus; readonly publishedUtc: LocalDateTime },
  check: ScheduledPublicationCheck,
): boolean {
  return facts.status === 'future' && facts.publishedUtc === check.publishedUtc && facts.publishedUtc <= check.nowUtc;
}

/** Contributors' `publish` and `future` become `pending`; other values are kept (docs/api.md §3.3). */
export function scaledStatus(status: string, scaleDown: boolean): RequestedStatus {
  const s = status as RequestedStatus;
  return scaleDown && (s === 'publish' || s === 'future') ? 'pending' : s;
}

export function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Equal JSON values; objects compare key by key, whatever order their keys were written in. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return false;
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = Object.keys(aRecord);
  return (
    keys.length === Object.keys(bRecord).length &&
    keys.every((key) => key in bRecord && sameValue(aRecord[key], bRecord[key]))
  );
}

/**
 * Only the facts whose value differs, so that each recorded change says exactly what it changed. A fact that is an
 * object (a venue's `geo`) is compared by value and recorded whole.
 */
export function changedFields<F extends { language: unknown }>(before: F, after: F): Omit<Partial<F>, 'language'> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof F)[]) {
    if (key !== 'language' && !sameValue(before[key], after[key])) changes[key as string] = after[key];
  }
  return changes as Omit<Partial<F>, 'language'>;
}
