// The document of one occurrence of a series (docs/api.md §20.2), folded from the series item's document: the
// series' fields with the occurrence's own id, slug and dates. Pure: the series stream is the only source.
import type { PlannedOccurrence } from '../../events/catalogue/seriesEvents.ts';
import { localToUtc, wallClockSeconds } from '../../domain/localDateTime.ts';
import { wallClockAt, wallClockMs } from '../../domain/wallClock.ts';
import { trashedSlug } from '../../domain/slug.ts';
import type { ZoneClock } from '../../domain/timeZone.ts';
import type { EventDocument } from './eventDocument.ts';

/** A wall-clock reading moved by `ms` (occurrences last as long as the series' first one, docs/api.md §20.1). */
function shifted(local: string, ms: number): string {
  return wallClockAt((wallClockMs(local) ?? 0) + ms) ?? local;
}

/** The occurrence as the series item `series` makes it, at the series' revision. */
export function occurrenceDocumentOf(
  series: EventDocument,
  occurrence: PlannedOccurrence,
  zones: ZoneClock,
): EventDocument {
  const { occurrences: _occurrences, ...fields } = series;
  const length = (wallClockMs(series.end) ?? 0) - (wallClockMs(series.start) ?? 0);
  const start = occurrence.originalStart;
  const end = shifted(start, length);
  const startUtc = localToUtc(start, series.timezone, zones);
  return {
    ...fields,
    id: occurrence.id,
    slug: series.status === 'trash' ? trashedSlug(occurrence.slug) : occurrence.slug,
    start,
    end,
    startUtc,
    endUtc: localToUtc(end, series.timezone, zones),
    startKey: wallClockSeconds(start),
    endKey: wallClockSeconds(end),
    timezoneAbbr: zones.abbreviation(series.timezone, startUtc),
    translationGroup: occurrence.id,
    recurrence: series.recurrence ?? [],
    recurringEventId: series.id,
    originalStart: occurrence.originalStart,
  };
}

/** An occurrence the series no longer plans (a new rule, the series ended): in the trash, out of every list. */
export function removedOccurrenceOf(doc: EventDocument, revision: number): EventDocument {
  if (doc.status === 'trash') return { ...doc, revision };
  return { ...doc, revision, status: 'trash', statusBeforeTrash: doc.status, slug: trashedSlug(doc.slug) };
}
