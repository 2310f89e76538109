// The facts of one occurrence of a series (docs/api.md §20.2, §20.3): the series item's facts on the occurrence's own
// dates and slug, with the facts its own writes changed over them. Both sides derive occurrences with it: the event
// decider (a write to an occurrence) and the event projection (its document).
import { localToUtc } from '../../domain/localDateTime.ts';
import { trashedSlug } from '../../domain/slug.ts';
import type { ZoneClock } from '../../domain/timeZone.ts';
import { wallClockAt, wallClockMs } from '../../domain/wallClock.ts';
import type { EventChanges, EventFacts } from './eventFactsCodec.ts';
import type { PlannedOccurrence } from './seriesEvents.ts';

/** A wall-clock reading moved by `ms`: an occurrence lasts as long as the series' first one (§20.1). */
function shifted(local: string, ms: number): string {
  return wallClockAt((wallClockMs(local) ?? 0) + ms) ?? local;
}

export function occurrenceFactsOf(
  series: EventFacts,
  occurrence: PlannedOccurrence,
  exception: EventChanges | undefined,
  zones: ZoneClock,
): EventFacts {
  const length = (wallClockMs(series.end) ?? 0) - (wallClockMs(series.start) ?? 0);
  const start = occurrence.originalStart;
  const end = shifted(start, length);
  const derived = onDates(series, occurrence.slug, start, end, {
    startUtc: localToUtc(start, series.timezone, zones),
    endUtc: localToUtc(end, series.timezone, zones),
  });
  const facts: EventFacts = exception ? { ...derived, ...exception } : derived;
  // Trashing the series item trashes every occurrence, exceptions included (§20.3).
  return series.status === 'trash' ? { ...facts, status: 'trash', slug: trashedSlug(facts.slug) } : facts;
}

/** The instants of an occurrence's dates. */
interface UtcDates {
  readonly startUtc: string;
  readonly endUtc: string;
}

/**
 * Only the facts of a value that holds more (a read-model document), on the occurrence's slug and dates. One literal
 * rather than a spread of the facts with the dates over them: a projection builds one per occurrence of a series, and
 * the spread cost several times the rest.
 */
function onDates(f: EventFacts, slug: string, start: string, end: string, utc: UtcDates): EventFacts {
  return {
    language: f.language,
    author: f.author,
    status: f.status,
    publishedUtc: f.publishedUtc,
    title: f.title,
    description: f.description,
    excerpt: f.excerpt,
    slug,
    timezone: f.timezone,
    allDay: f.allDay,
    start,
    end,
    startUtc: utc.startUtc,
    endUtc: utc.endUtc,
    cost: f.cost,
    website: f.website,
    showMap: f.showMap,
    showMapLink: f.showMapLink,
    hideFromListings: f.hideFromListings,
    sticky: f.sticky,
    featured: f.featured,
    image: f.image,
    categories: f.categories,
    tags: f.tags,
    venues: f.venues,
    organizers: f.organizers,
    passwordHash: f.passwordHash,
  };
}
