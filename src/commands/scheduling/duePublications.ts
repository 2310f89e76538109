// The pure half of the publication scheduler (docs/api.md §20.6): from the `future` items the read side knows and the
// time now, which are due, and when the next one will be.
import type { LocalDateTime } from '../../domain/localDateTime.ts';

/** The kinds of item that can be `future`. */
export type SchedulableKind = 'event' | 'venue' | 'organizer';
export const schedulableKinds: readonly SchedulableKind[] = ['event', 'venue', 'organizer'];

/** A `future` item as the read side lists it: `publishedUtc` is the UTC wall-clock date it waits for. */
export interface FutureItem {
  readonly kind: SchedulableKind;
  readonly id: number;
  readonly publishedUtc: LocalDateTime;
}

export interface PublicationPlan {
  /** Due now, earliest first: each becomes a `PublishScheduled` command. */
  readonly due: readonly FutureItem[];
  /** The earliest date still to come, when one is known: when to look again. */
  readonly nextDueUtc?: LocalDateTime;
}

/** An item is due once its date is not after now: the same rule as a write's publication timing (§10.1). */
export function planPublications(candidates: readonly FutureItem[], nowUtc: LocalDateTime): PublicationPlan {
  const ordered = [...candidates].sort((a, b) =>
    a.publishedUtc === b.publishedUtc ? 0 : a.publishedUtc < b.publishedUtc ? -1 : 1,
  );
  const due = ordered.filter((item) => item.publishedUtc <= nowUtc);
  const next = ordered.find((item) => item.publishedUtc > nowUtc);
  return next ? { due, nextDueUtc: next.publishedUtc } : { due };
}
