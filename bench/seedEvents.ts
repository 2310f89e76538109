// Seeded calendar events: three years around now (one back, two ahead) in three time zones and three languages, linked
// to venues, organizers, categories and tags of their own language; a fifth of them edited once after scheduling.
import { slugify } from '../src/domain/slug.ts';
import { instantToUtc, localToUtc } from '../src/domain/localDateTime.ts';
import { ZoneClock } from '../src/domain/timeZone.ts';
import type { EventFacts } from '../src/events/catalogue/calendarEvents.ts';
import { categoryIdAt, type SeedItem, type SeedLayout, type SeedShape } from './seedShape.ts';
import { eventTitle, languageAt, slotOf, spread, vocabularyOf } from './seedLanguages.ts';
import { slugClaim, translationOfItem } from './seedClaims.ts';

const zones = ['UTC', 'Europe/Madrid', 'America/New_York'] as const;
const daysBack = 365;
const daysSpan = 3 * 365;
const hourMs = 3_600_000;

/** A pick among `count` items (a multiple of four) of the same language as the event, the same for a whole group. */
const linkedIndex = (group: number, salt: number, count: number, slot: number): number =>
  4 * spread(group, salt, count / 4) + slot;

interface EventTimes {
  readonly timezone: string;
  readonly allDay: boolean;
  readonly start: string;
  readonly end: string;
  readonly startUtc: string;
  readonly endUtc: string;
}

/** Translations of one event (a group of four items) happen at the same time, in the same zone. */
function timesOf(group: number, today: Date, clock: ZoneClock): EventTimes {
  const timezone = zones[spread(group, 10, zones.length)] as string;
  const day = spread(group, 11, daysSpan) - daysBack;
  const kind = spread(group, 13, 100);
  const startAt = new Date(
    Date.UTC(
      today.getUTCFullYear(),
      today.getUTCMonth(),
      today.getUTCDate() + day,
      9 + spread(group, 12, 14),
      30 * spread(group, 14, 2),
    ),
  );
  const wallClock = (date: Date) => instantToUtc(date);
  const inUtc = (local: { timezone: string; allDay: boolean; start: string; end: string }): EventTimes => ({
    ...local,
    startUtc: localToUtc(local.start, timezone, clock),
    endUtc: localToUtc(local.end, timezone, clock),
  });
  if (kind < 5) {
    const startDay = wallClock(startAt).slice(0, 10);
    return inUtc({ timezone, allDay: true, start: `${startDay} 00:00:00`, end: `${startDay} 23:59:59` });
  }
  const hours = kind < 7 ? 24 * (1 + (kind % 2)) + 3 : 1 + spread(group, 15, 4);
  return inUtc({
    timezone,
    allDay: false,
    start: wallClock(startAt),
    end: wallClock(new Date(startAt.getTime() + hours * hourMs)),
  });
}

export function* eventItems(shape: SeedShape, layout: SeedLayout, now: Date): Generator<SeedItem> {
  const publishedUtc = instantToUtc(now);
  // The seed's own zone clock: one per run, as a service process has one.
  const clock = new ZoneClock();
  let times = timesOf(0, now, clock);
  for (let index = 0; index < shape.events; index++) {
    const id = layout.firstEvent + index;
    const language = languageAt(index);
    const group = Math.floor(index / 4);
    const slot = slotOf(index);
    // Zone conversions are the costly part of the seed: computed once per translation group.
    if (slot === 0) times = timesOf(group, now, clock);
    const title = eventTitle(language, index, id);
    const secondCategory = spread(group, 17, 10) < 3;
    const categories = [
      linkedIndex(group, 24, shape.categories, slot),
      ...(secondCategory ? [linkedIndex(group, 25, shape.categories, slot)] : []),
    ];
    // Spelled out, not spread from shared parts: object spread made V8 build slow dictionary objects (10x the seed
    // time).
    const facts: EventFacts = {
      language,
      author: '1',
      status: index < layout.publishedEvents ? 'publish' : 'draft',
      publishedUtc,
      excerpt: '',
      image: null,
      passwordHash: null,
      title,
      description: vocabularyOf(language).sentence,
      slug: slugify(title),
      timezone: times.timezone,
      allDay: times.allDay,
      start: times.start,
      end: times.end,
      startUtc: times.startUtc,
      endUtc: times.endUtc,
      cost: [null, { entries: ['10'] }, { entries: ['5', '15'] }][spread(group, 19, 3)] ?? null,
      website: spread(group, 20, 4) === 0 ? `https://events.example.org/${id}` : null,
      showMap: true,
      showMapLink: true,
      hideFromListings: spread(index, 21, 100) === 0,
      sticky: spread(group, 22, 100) === 0,
      featured: spread(group, 23, 10) === 0,
      categories: [...new Set(categories.map(categoryIdAt))],
      tags: [
        ...new Set(
          [0, 1, 2]
            .slice(0, 1 + spread(group, 26, 3))
            .map((n) => layout.firstTag + linkedIndex(group, 27 + n, shape.tags, slot)),
        ),
      ],
      venues: [layout.firstVenue + linkedIndex(group, 30, shape.venues, slot)],
      organizers: [layout.firstOrganizer + linkedIndex(group, 31, shape.organizers, slot)],
    };
    const translation = translationOfItem('event', index, layout.firstEvent);
    yield slugClaim('event', language, facts.slug, id);
    yield* translation.claims;
    yield [`event-${id}`, { type: 'EventScheduled', data: { id, facts, ...translation.link } }];
    if (spread(index, 32, 5) === 0) {
      yield [
        `event-${id}`,
        {
          type: 'EventDetailsChanged',
          data: { id, changes: { description: `${facts.description} ${title}.`, featured: !facts.featured } },
        },
      ];
    }
  }
}
