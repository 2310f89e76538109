// Seeded weekly series (docs/recurrence.md): each series item's EventScheduled and EventRecurrenceSet with every
// occurrence planned (id, slug, original start), and the slug claims, as the service writes them for a new series.
import { slugify } from '../src/domain/slug.ts';
import { instantToUtc, localToUtc } from '../src/domain/localDateTime.ts';
import { ZoneClock } from '../src/domain/timeZone.ts';
import type { EventFacts } from '../src/events/catalogue/calendarEvents.ts';
import type { PlannedOccurrence } from '../src/events/catalogue/seriesEvents.ts';
import { slugClaim } from './seedClaims.ts';
import { categoryIdAt, type SeedItem, type SeedLayout, type SeedShape } from './seedShape.ts';

const zone = 'Europe/Madrid';
const dayMs = 86_400_000;

/** The local date `weeks` weeks after `first` (a `YYYY-MM-DD`), at `time`: the wall clock stays across DST. */
const weeklyStart = (first: string, weeks: number, time: string): string =>
  `${new Date(Date.parse(`${first}T00:00:00Z`) + weeks * 7 * dayMs).toISOString().slice(0, 10)} ${time}`;

/** Series `n` (0: the long one): its first date, its length, its first id. */
function seriesAt(shape: Required<SeedShape>['series'], layout: SeedLayout, now: Date, n: number) {
  const day = (offsetDays: number) => new Date(now.getTime() + offsetDays * dayMs).toISOString().slice(0, 10);
  if (n === 0) return { first: day(-365), length: shape.longOccurrences, id: layout.firstSeries };
  const id = layout.firstSeries + shape.longOccurrences + (n - 1) * shape.shortOccurrences;
  // The short series start where the single events end (two years ahead), a day apart.
  return { first: day(2 * 365 + 10 + (n % 7)), length: shape.shortOccurrences, id };
}

export function* seriesItems(shape: SeedShape, layout: SeedLayout, now: Date): Generator<SeedItem> {
  if (!shape.series) return;
  const clock = new ZoneClock();
  for (let n = 0; n < 1 + shape.series.shortSeries; n++) {
    const { first, length, id } = seriesAt(shape.series, layout, now, n);
    const title = n === 0 ? `Weekly class ${id}` : `Weekly session ${id}`;
    const slug = slugify(title);
    const start = weeklyStart(first, 0, '19:00:00');
    const end = weeklyStart(first, 0, '21:00:00');
    const facts: EventFacts = {
      language: 'en',
      author: '1',
      status: 'publish',
      publishedUtc: instantToUtc(now),
      excerpt: '',
      image: null,
      passwordHash: null,
      title,
      description: 'Every week.',
      slug,
      timezone: zone,
      allDay: false,
      start,
      end,
      startUtc: localToUtc(start, zone, clock),
      endUtc: localToUtc(end, zone, clock),
      cost: null,
      website: null,
      showMap: true,
      showMapLink: true,
      hideFromListings: false,
      sticky: false,
      featured: false,
      categories: [categoryIdAt(0)],
      tags: [layout.firstTag],
      venues: [layout.firstVenue],
      organizers: [layout.firstOrganizer],
    };
    const occurrences: PlannedOccurrence[] = Array.from({ length: length - 1 }, (_, k) => {
      const originalStart = weeklyStart(first, k + 1, '19:00:00');
      return { id: id + k + 1, slug: `${slug}-${originalStart.slice(0, 10)}`, originalStart };
    });
    yield slugClaim('event', 'en', slug, id);
    for (const occurrence of occurrences) yield slugClaim('event', 'en', occurrence.slug, occurrence.id);
    yield [`event-${id}`, { type: 'EventScheduled', data: { id, facts } }];
    const recurrence = [`RRULE:FREQ=WEEKLY;COUNT=${String(length)}`];
    yield [`event-${id}`, { type: 'EventRecurrenceSet', data: { id, recurrence, occurrences, removed: [] } }];
  }
}
