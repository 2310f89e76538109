// The calendar the web page tests look at, written through the API as an editor would: a week around the spring
// daylight-saving change of the site zone (Europe/Madrid), an event in New York, all-day and multi-day events, terms,
// venues, an organizer, items in Catalan and Spanish, a draft and a password-protected event.
import { expect } from 'chai';
import type { TestService } from '../../support/testService.ts';

export const API = '/cal/events/v1';
export const siteZone = 'Europe/Madrid';
/** Monday to Sunday; Madrid moves from CET to CEST on Sunday 29 March 2026 at 02:00. */
export const dstWeek = [
  '2026-03-23',
  '2026-03-24',
  '2026-03-25',
  '2026-03-26',
  '2026-03-27',
  '2026-03-28',
  '2026-03-29',
] as const;

export type Json = Record<string, unknown> & { id: number; url: string };

export interface SeededCalendar {
  readonly music: Json;
  readonly jazz: Json;
  readonly outdoor: Json;
  readonly hall: Json;
  readonly park: Json;
  readonly organizer: Json;
  /** One 10:00–11:00 event a day of the DST week, titled `Morning yoga {day}`. */
  readonly daily: readonly Json[];
  /** 21:00 in New York on Tuesday 24 March (02:00 on Wednesday in Madrid). */
  readonly newYork: Json;
  readonly allDay: Json;
  readonly festival: Json;
  readonly jazzNight: Json;
  readonly spanish: Json;
  readonly catalan: Json;
  readonly draft: Json;
  readonly locked: Json;
  /** After the test clock's today (2026-11-22): what venue and organizer pages list as upcoming. */
  readonly upcoming: Json;
}

async function create(t: TestService, path: string, body: Record<string, unknown>, language?: string): Promise<Json> {
  const response = await t.admin('POST', `${language ? `/${language}` : ''}${API}${path}`, { body });
  expect(response.status, `${path} ${JSON.stringify(response.body)}`).to.be.oneOf([200, 201]);
  return response.body as Json;
}

export async function seedCalendar(t: TestService): Promise<SeededCalendar> {
  const music = await create(t, '/categories', { name: 'Music', description: 'Concerts and sessions' });
  const jazz = await create(t, '/categories', { name: 'Jazz', parent: music.id });
  const outdoor = await create(t, '/tags', { name: 'Outdoor' });
  const hall = await create(t, '/venues', {
    venue: 'Harbour Hall',
    address: 'Moll de la Fusta 1',
    city: 'Barcelona',
    country: 'Spain',
    zip: '08002',
    phone: '+34 930 000 000',
  });
  const park = await create(t, '/venues', {
    venue: 'Riverside Park',
    address: '1 River Rd',
    city: 'New York',
    country: 'United States',
  });
  const organizer = await create(t, '/organizers', {
    organizer: 'Friends of Music',
    email: 'hello@example.org',
    website: 'https://example.org/',
  });
  const daily: Json[] = [];
  for (const day of dstWeek) {
    daily.push(
      await create(t, '/events', {
        title: `Morning yoga ${day}`,
        start_date: `${day} 10:00:00`,
        end_date: `${day} 11:00:00`,
        tags: [outdoor.id],
        venue: park.id,
      }),
    );
  }
  const newYork = await create(t, '/events', {
    title: 'Late show in New York',
    timezone: 'America/New_York',
    start_date: '2026-03-24 21:00:00',
    end_date: '2026-03-24 23:00:00',
    venue: park.id,
    cost: '25$',
  });
  const allDay = await create(t, '/events', {
    title: 'Open day',
    all_day: true,
    start_date: '2026-03-25 00:00:00',
    end_date: '2026-03-25 23:59:59',
    venue: hall.id,
  });
  const festival = await create(t, '/events', {
    title: 'Spring festival',
    all_day: true,
    start_date: '2026-03-26 00:00:00',
    end_date: '2026-03-28 23:59:59',
    categories: [music.id],
    tags: [outdoor.id],
  });
  const jazzNight = await create(t, '/events', {
    title: 'Jazz night',
    start_date: '2026-03-27 21:00:00',
    end_date: '2026-03-27 23:30:00',
    categories: [jazz.id],
    venue: hall.id,
    organizer: [organizer.id],
    cost: ['10€', '15€'],
    description: 'Quartet <strong>live</strong>.\n\n<script>alert(1)</script>Second set at 22:30.',
  });
  const spanish = await create(
    t,
    '/events',
    { title: 'Concierto de primavera', start_date: '2026-03-24 19:00:00', end_date: '2026-03-24 21:00:00' },
    'es',
  );
  const catalan = await create(
    t,
    '/events',
    {
      title: 'Concert de primavera',
      start_date: '2026-03-24 19:00:00',
      end_date: '2026-03-24 21:00:00',
      translation_of: spanish.id,
    },
    'ca',
  );
  const draft = await create(t, '/events', {
    title: 'Unannounced draft',
    status: 'draft',
    start_date: '2026-03-25 12:00:00',
    end_date: '2026-03-25 13:00:00',
  });
  const locked = await create(t, '/events', {
    title: 'Members evening',
    description: 'The secret agenda',
    start_date: '2026-03-26 19:00:00',
    end_date: '2026-03-26 20:00:00',
    venue: hall.id,
  });
  // The password is set by an update, as every write route takes it (docs/api.md §12).
  expect(
    (await t.admin('PATCH', `${API}/events/${locked.id}`, { body: { password: 'members-only' } })).status,
  ).to.equal(200);
  const upcoming = await create(t, '/events', {
    title: 'Winter concert',
    start_date: '2026-12-12 20:00:00',
    end_date: '2026-12-12 22:00:00',
    venue: hall.id,
    organizer: [organizer.id],
    categories: [jazz.id],
  });
  return {
    music,
    jazz,
    outdoor,
    hall,
    park,
    organizer,
    daily,
    newYork,
    allDay,
    festival,
    jazzNight,
    spanish,
    catalan,
    draft,
    locked,
    upcoming,
  };
}
