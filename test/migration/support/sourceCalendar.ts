// A realistic calendar written through the API of a source service, and the reading of every item of a service
// through its API, for comparing a target with its source field by field.
import { adminRequest, type Answer } from '../../support/serviceProcess.ts';

async function write(url: string, path: string, body: unknown, method = 'POST'): Promise<Record<string, unknown>> {
  const answer = (await adminRequest(url, method, path, body)) as Answer;
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, unknown>;
}

export interface SeededCalendar {
  readonly eventIds: number[];
  /** A weekly series of six: its item, its third date moved and renamed, its fifth cancelled. */
  readonly series: { readonly id: number; readonly moved: number; readonly listedOccurrences: number };
  readonly venueId: number;
  readonly categoryIds: number[];
}

/** Terms in a hierarchy, linked venues and organizers, all-day and multi-day events, drafts, translations. */
async function seedLinkedItems(url: string) {
  const music = await write(url, '/categories', { name: 'Music', description: 'Live music' });
  const jazz = await write(url, '/categories', { name: 'Jazz', parent: music.id });
  const bebop = await write(url, '/categories', { name: 'Bebop', parent: jazz.id });
  const talks = await write(url, '/categories', { name: 'Talks' });
  await write(url, '/tags', { name: 'outdoor' });
  await write(url, '/tags', { name: 'family', description: 'For all ages' });
  const hall = await write(url, '/venues', {
    venue: 'Main Hall',
    address: '1 Main St',
    city: 'Springfield',
    country: 'United States',
    state: 'IL',
    zip: '62701',
    website: 'https://hall.example.org/',
    image: 'https://img.example.org/hall.png',
  });
  const park = await write(url, '/venues', { venue: 'Riverside Park', city: 'Springfield', show_map: false });
  const club = await write(url, '/organizers', { organizer: 'Jazz Club', email: 'club@example.org', phone: '555' });
  const guild = await write(url, '/organizers', { organizer: 'Writers Guild' });
  return { music, jazz, bebop, talks, hall, park, club, guild };
}

export async function seedSourceCalendar(url: string, generated = 60): Promise<SeededCalendar> {
  const { music, jazz, bebop, talks, hall, park, club, guild } = await seedLinkedItems(url);
  const concert = await write(url, '/events', {
    title: 'Jazz night',
    description: 'An evening of jazz.\n\nBring friends.',
    excerpt: 'Jazz all night',
    start_date: '2026-12-05 20:00',
    end_date: '2026-12-05 23:00',
    timezone: 'America/New_York',
    venue: hall.id,
    organizer: [club.id, guild.id],
    categories: [bebop.id, music.id],
    tags: ['outdoor', 'family'],
    cost: ['10$', '15$'],
    image: 'https://img.example.org/jazz.jpg',
    website: 'https://jazz.example.org/?a=1&b=2',
    featured: true,
  });
  const festival = await write(url, '/events', {
    title: 'Winter festival',
    start_date: '2026-12-24',
    end_date: '2026-12-27',
    all_day: true,
    timezone: 'Europe/Madrid',
    venue: park.id,
    categories: [talks.id],
    sticky: true,
    show_map: true,
  });
  const draft = await write(url, '/events', {
    title: 'Planning meeting',
    status: 'draft',
    start_date: '2027-01-10 09:00',
    end_date: '2027-01-10 10:00',
    cost: 'Free',
  });
  const hidden = await write(url, '/events', {
    title: 'Private rehearsal',
    start_date: '2026-12-04 18:00',
    end_date: '2026-12-04 19:00',
    hide_from_listings: true,
    categories: [jazz.id],
  });
  const translated = await write(url, '/events?i18n_language=ca', {
    title: 'Nit de jazz',
    start_date: '2026-12-05 20:00',
    end_date: '2026-12-05 23:00',
    timezone: 'America/New_York',
    translation_of: concert.id,
  });
  // Protected: copied protected, by a password nobody knows.
  await write(url, `/events/${festival.id}`, { password: 'winter-secret' }, 'PATCH');
  await write(url, `/venues/${park.id}`, { password: 'park-secret' }, 'PATCH');
  const eventIds = [concert.id, festival.id, draft.id, hidden.id, translated.id] as number[];
  for (let n = 0; n < generated; n++) {
    const day = String(1 + (n % 28)).padStart(2, '0');
    const made = await write(url, '/events', {
      title: `Workshop ${n}`,
      start_date: `2027-02-${day} 10:00`,
      end_date: `2027-02-${day} 12:00`,
      ...(n % 3 === 0 ? { venue: hall.id, tags: ['family'] } : {}),
      ...(n % 5 === 0 ? { organizer: [guild.id], status: 'pending' } : {}),
    });
    eventIds.push(made.id as number);
  }
  const series = await seedSeries(url, hall.id as number);
  return {
    eventIds,
    series,
    venueId: hall.id as number,
    categoryIds: [music.id, jazz.id, bebop.id, talks.id] as number[],
  };
}

/** A weekly series with one occurrence moved (an exception) and one cancelled (an EXDATE). */
async function seedSeries(url: string, venue: number) {
  const item = await write(url, '/events', {
    title: 'Weekly class',
    start_date: '2027-03-02 18:00',
    end_date: '2027-03-02 19:30',
    timezone: 'Europe/Madrid',
    venue,
    tags: ['family'],
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'],
  });
  const listed = (await adminRequest(url, 'GET', `/events?post_parent=${item.id}&start_date=2027-01-01`)) as Answer;
  const occurrences = (listed.body as { events: { id: number }[] }).events;
  const [, second, , fourth] = occurrences as [unknown, { id: number }, unknown, { id: number }];
  await write(
    url,
    `/events/${second.id}`,
    { title: 'Weekly class (moved)', start_date: '2027-03-16 19:00', end_date: '2027-03-16 20:30' },
    'PATCH',
  );
  await write(url, `/events/${fourth.id}`, {}, 'DELETE');
  return { id: item.id as number, moved: second.id, listedOccurrences: occurrences.length - 1 };
}

const plural = { venue: 'venues', organizer: 'organizers', category: 'categories', tag: 'tags', event: 'events' };

/** Fields that differ between two services by design: when the item was written there. */
export function comparable(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(comparable);
  if (typeof body !== 'object' || body === null) return body;
  const entries = Object.entries(body).filter(([key]) => key !== 'modified' && key !== 'modified_utc');
  // Image records get ids of the target's own sequence; their URL is what is copied.
  return Object.fromEntries(
    entries.map(([key, value]) => [key, key === 'image' && value ? { ...value, id: 0 } : comparable(value)]),
  );
}

/** Every item of every kind and language, read one by one as the administrator, keyed `kind:id`. */
export async function readEverything(url: string): Promise<Map<string, unknown>> {
  const all = new Map<string, unknown>();
  for (const [kind, path] of Object.entries(plural)) {
    for (const language of ['en', 'ca', 'es']) {
      const query =
        kind === 'event'
          ? 'start_date=2000-01-01&end_date=2999-12-31&status=any'
          : kind === 'category' || kind === 'tag'
            ? 'hide_empty=0'
            : 'status=any';
      for (let page = 1, pages = 1; page <= pages; page++) {
        const list = (await adminRequest(
          url,
          'GET',
          `/${path}?per_page=50&page=${page}&i18n_language=${language}&${query}`,
        )) as Answer;
        const bodyOf = list.body as Record<string, unknown>;
        pages = bodyOf.total_pages as number;
        for (const item of bodyOf[path] as { id: number }[]) all.set(`${kind}:${item.id}`, undefined);
      }
    }
  }
  for (const key of [...all.keys()]) {
    const [kind, id] = key.split(':') as [keyof typeof plural, string];
    const single = (await adminRequest(url, 'GET', `/${plural[kind]}/${id}?context=edit`)) as Answer;
    all.set(key, comparable(single.body));
  }
  return all;
}

/** Hidden events are in no list: read by id. */
export async function readEvent(url: string, id: number): Promise<unknown> {
  return comparable(((await adminRequest(url, 'GET', `/events/${id}?context=edit`)) as Answer).body);
}
