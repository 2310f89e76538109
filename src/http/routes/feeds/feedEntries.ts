// What a feed writes for the events it shows (docs/api.md §21.1): single events as they are, and the occurrences of a
// series gathered into that series (one VEVENT with its lines, exceptions under its UID). The feed's filters decide
// which occurrences are shown; the others are excluded with EXDATE, so a calendar application expands the series into
// the same occurrences `GET /events` lists for the same filters.
import type { EventCollection } from '../../../projections/readStore.ts';
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import type { CalendarEntry } from '../../ical/eventCalendar.ts';

type SeriesEntry = Extract<CalendarEntry, { kind: 'series' }>;

function seriesEntry(series: EventDocument, shownDocs: readonly EventDocument[]): SeriesEntry {
  const exceptions = series.exceptions ?? {};
  return {
    kind: 'series',
    series,
    shown: new Set(shownDocs.map((doc) => doc.id)),
    exceptions: shownDocs.filter((doc) => doc.id !== series.id && exceptions[doc.id] !== undefined),
  };
}

/**
 * The entries of `events` (in their order; a series where its first shown occurrence is). A series whose series item
 * the read model no longer has (it never should) leaves its occurrences as single events.
 */
export async function feedEntries(
  events: readonly EventDocument[],
  collection: Pick<EventCollection, 'get'>,
): Promise<CalendarEntry[]> {
  const bySeries = new Map<number, EventDocument[]>();
  for (const doc of events) {
    if (doc.recurringEventId === undefined) continue;
    bySeries.set(doc.recurringEventId, [...(bySeries.get(doc.recurringEventId) ?? []), doc]);
  }
  const seriesItems = new Map<number, EventDocument>();
  for (const id of bySeries.keys()) {
    const item = events.find((doc) => doc.id === id) ?? (await collection.get(id));
    if (item?.recurrence !== undefined) seriesItems.set(id, item);
  }
  const entries: CalendarEntry[] = [];
  const written = new Set<number>();
  for (const doc of events) {
    const series = doc.recurringEventId === undefined ? undefined : seriesItems.get(doc.recurringEventId);
    if (!series) entries.push({ kind: 'event', event: doc });
    else if (!written.has(series.id)) {
      written.add(series.id);
      entries.push(seriesEntry(series, bySeries.get(series.id) ?? []));
    }
  }
  return entries;
}

/**
 * The entry of `events/{id}.ics`: an occurrence's id (or the series item's) answers the whole series, with the
 * occurrences the caller may read (`readable`).
 */
export async function wholeSeriesEntry(
  doc: EventDocument,
  collection: Pick<EventCollection, 'get'>,
  readable: (doc: EventDocument) => boolean,
): Promise<CalendarEntry> {
  const series = doc.recurringEventId === undefined ? undefined : await collection.get(doc.recurringEventId);
  if (!series || series.recurrence === undefined) return { kind: 'event', event: doc };
  const occurrences = await Promise.all((series.occurrences ?? []).map(({ id }) => collection.get(id)));
  const shownDocs = [series, ...occurrences].filter(
    (candidate): candidate is EventDocument => candidate !== undefined && readable(candidate),
  );
  return seriesEntry(series, shownDocs);
}
