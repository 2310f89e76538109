// Content that must not reach the wrong callers: protected and non-published items whose every hidden field holds a
// unique `LEAKMARK-…` string, so that a leak anywhere shows up as that string in a response body.
import { expect } from 'chai';
import type { RoleTestService, Who } from '../../support/roleService.ts';
import type { TestResponse } from '../../support/testService.ts';
import { API, bodyOf, type JsonObject } from '../../http/events/support/eventsApi.ts';

export { API, bodyOf, type JsonObject };

/** Every marker starts with this; a response containing it (any case) leaks something. */
export const markerPrefix = 'LEAKMARK';
/** The one password of every protected fixture: it must never appear in any response, not even to the admin. */
export const fixturePassword = 'LEAKMARK-password-never-shown';

/** Why a marker is hidden: a password (`pw`) or a status other than `publish` (`np`). */
export type Secrecy = 'pw' | 'np';
const mark = (secrecy: Secrecy, item: string, field: string): string => `${markerPrefix}-${secrecy}-${item}-${field}`;

/** The instants fixtures are written at; `as_of` reads use `asOfFirst` to see them as they were first written. */
export const times = {
  written: new Date('2026-11-22T10:00:00Z'),
  asOfFirst: '2026-11-22T10:30:00Z',
  changed: new Date('2026-11-22T11:00:00Z'),
  probing: new Date('2026-11-22T12:00:00Z'),
};

const slot = (day: number) => ({
  start_date: `2026-12-${String(day).padStart(2, '0')} 18:00:00`,
  end_date: `2026-12-${String(day).padStart(2, '0')} 20:00:00`,
});

/** Event fields hidden by a password or a status: description, excerpt, cost and website all carry markers. */
const hiddenEventFields = (secrecy: Secrecy, item: string): JsonObject => ({
  description: mark(secrecy, item, 'description'),
  excerpt: mark(secrecy, item, 'excerpt'),
  cost: mark(secrecy, item, 'cost'),
  website: `https://${mark(secrecy, item, 'website').toLowerCase()}.example/`,
});

/**
 * Venue fields that blanking hides (docs/api.md §12), `phone` and `website` included: a locked item's `json_ld` loses
 * its `telephone`, `sameAs` and `url`, which repeat them.
 */
const hiddenVenueFields = (secrecy: Secrecy, item: string): JsonObject => ({
  description: mark(secrecy, item, 'description'),
  phone: mark(secrecy, item, 'phone'),
  website: `https://${mark(secrecy, item, 'website').toLowerCase()}.example/`,
  address: mark(secrecy, item, 'address'),
  city: mark(secrecy, item, 'city'),
  country: mark(secrecy, item, 'country'),
  province: mark(secrecy, item, 'province'),
  state: mark(secrecy, item, 'state'),
  zip: mark(secrecy, item, 'zip'),
});
const hiddenOrganizerFields = (secrecy: Secrecy, item: string): JsonObject => ({
  description: mark(secrecy, item, 'description'),
  phone: mark(secrecy, item, 'phone'),
  website: `https://${mark(secrecy, item, 'website').toLowerCase()}.example/`,
  email: `${mark(secrecy, item, 'email')}@example.org`,
});

export interface LeakFixtures {
  /** Published events whose content may be shown in full (the control group). */
  readonly publicEvent: number;
  /** Published, with a password: listed blanked, 403 on single GET. */
  readonly protectedEvent: number;
  readonly draftEvent: number;
  readonly privateEvent: number;
  readonly pendingEvent: number;
  readonly futureEvent: number;
  readonly trashedEvent: number;
  /** Published event linking the protected venue and organizer (it has no password itself). */
  readonly hostOfProtected: number;
  /** Published event linking the draft venue and the draft organizer. */
  readonly hostOfDrafts: number;
  readonly protectedVenue: number;
  readonly protectedOrganizer: number;
  readonly draftVenue: number;
  readonly draftOrganizer: number;
  /** Published and readable at `times.asOfFirst`, changed at `times.changed`: */
  readonly laterDraftEvent: number;
  readonly laterProtectedEvent: number;
  readonly laterTrashedEvent: number;
  /** A draft with marked content first, published later with clean content. */
  readonly earlierDraftEvent: number;
  readonly laterProtectedVenue: number;
  readonly laterDraftVenue: number;
  /** Published events linking the venues above (neither event changes). */
  readonly hostOfLaterProtectedVenue: number;
  readonly hostOfLaterDraftVenue: number;
  /** The category and tag every event fixture carries. */
  readonly category: number;
  readonly tag: number;
  /** Published events carrying the term: the only ones its `count` may include. */
  readonly publishedWithTerms: number;
}

async function ok(res: Promise<TestResponse>, status = 200): Promise<JsonObject> {
  const answered = await res;
  expect(answered.status, answered.text).to.equal(status);
  return bodyOf(answered);
}

/** Builds every fixture as the admin (so author, contributor and subscriber own none of them). */
export async function buildLeakFixtures(t: RoleTestService, owner: Who = 'admin'): Promise<LeakFixtures> {
  const post = async (plural: string, body: JsonObject) =>
    (await ok(t.by(owner, 'POST', `${API}/${plural}`, { body }), 201)).id as number;
  const patch = (plural: string, id: number, body: JsonObject) =>
    ok(t.by(owner, 'PATCH', `${API}/${plural}/${id}`, { body }));
  const protect = (plural: string, id: number) => patch(plural, id, { password: fixturePassword });
  const terms = { categories: ['Leak probe category'], tags: ['leak probe tag'] };

  t.setNow(times.written);
  const event = (day: number, fields: JsonObject) => post('events', { ...slot(day), ...terms, ...fields });

  const publicEvent = await event(1, { title: 'Open concert', description: 'Everyone may read this.' });
  const protectedEvent = await event(2, { title: 'Protected gala', ...hiddenEventFields('pw', 'event') });
  await protect('events', protectedEvent);
  const draftEvent = await event(3, {
    title: mark('np', 'draft-event', 'title'),
    status: 'draft',
    ...hiddenEventFields('np', 'draft-event'),
  });
  const privateEvent = await event(4, {
    title: mark('np', 'private-event', 'title'),
    status: 'private',
    ...hiddenEventFields('np', 'private-event'),
  });
  const pendingEvent = await event(5, {
    title: mark('np', 'pending-event', 'title'),
    status: 'pending',
    ...hiddenEventFields('np', 'pending-event'),
  });
  const futureEvent = await event(6, {
    title: mark('np', 'future-event', 'title'),
    status: 'publish',
    date: '2027-06-01 00:00:00',
    ...hiddenEventFields('np', 'future-event'),
  });
  const trashedEvent = await event(7, {
    title: mark('np', 'trashed-event', 'title'),
    ...hiddenEventFields('np', 'trashed-event'),
  });
  await ok(t.by(owner, 'DELETE', `${API}/events/${trashedEvent}`));

  const protectedVenue = await post('venues', { venue: 'Protected venue', ...hiddenVenueFields('pw', 'venue') });
  await protect('venues', protectedVenue);
  const protectedOrganizer = await post('organizers', {
    organizer: 'Protected organizer',
    ...hiddenOrganizerFields('pw', 'organizer'),
  });
  await protect('organizers', protectedOrganizer);
  const hostOfProtected = await event(8, {
    title: 'Hosted by protected items',
    venue: protectedVenue,
    organizer: [protectedOrganizer],
  });

  const draftVenue = await post('venues', {
    venue: mark('np', 'draft-venue', 'name'),
    status: 'draft',
    ...hiddenVenueFields('np', 'draft-venue'),
  });
  const draftOrganizer = await post('organizers', {
    organizer: mark('np', 'draft-organizer', 'name'),
    status: 'draft',
    ...hiddenOrganizerFields('np', 'draft-organizer'),
  });
  const hostOfDrafts = await event(9, {
    title: 'Hosted by draft items',
    venue: draftVenue,
    organizer: [draftOrganizer],
  });

  // Readable by everyone at `asOfFirst`, hidden since `changed`: a past read must not bring them back.
  const laterDraftEvent = await event(10, {
    title: mark('np', 'later-draft-event', 'title'),
    ...hiddenEventFields('np', 'later-draft-event'),
  });
  const laterProtectedEvent = await event(11, {
    title: 'Protected later',
    ...hiddenEventFields('pw', 'later-protected-event'),
  });
  const laterTrashedEvent = await event(12, {
    title: mark('np', 'later-trashed-event', 'title'),
    ...hiddenEventFields('np', 'later-trashed-event'),
  });
  const earlierDraftEvent = await event(13, {
    title: mark('np', 'earlier-draft-event', 'title'),
    status: 'draft',
    ...hiddenEventFields('np', 'earlier-draft-event'),
  });
  const laterProtectedVenue = await post('venues', {
    venue: 'Protected later venue',
    ...hiddenVenueFields('pw', 'later-protected-venue'),
  });
  const laterDraftVenue = await post('venues', {
    venue: mark('np', 'later-draft-venue', 'name'),
    ...hiddenVenueFields('np', 'later-draft-venue'),
  });
  const hostOfLaterProtectedVenue = await event(14, {
    title: 'Hosted by a venue protected later',
    venue: laterProtectedVenue,
  });
  const hostOfLaterDraftVenue = await event(15, {
    title: 'Hosted by a venue unpublished later',
    venue: laterDraftVenue,
  });

  t.setNow(times.changed);
  await patch('events', laterDraftEvent, { status: 'draft' });
  await protect('events', laterProtectedEvent);
  await ok(t.by(owner, 'DELETE', `${API}/events/${laterTrashedEvent}`));
  await patch('events', earlierDraftEvent, {
    title: 'Published at last',
    status: 'publish',
    description: 'Clean',
    excerpt: 'Clean',
    cost: '5',
    website: 'https://clean.example/',
  });
  await protect('venues', laterProtectedVenue);
  await patch('venues', laterDraftVenue, { status: 'draft' });
  t.setNow(times.probing);

  const category = (await ok(t.admin('GET', `${API}/categories?search=Leak probe category&hide_empty=false`)))
    .categories as JsonObject[];
  const tag = (await ok(t.admin('GET', `${API}/tags?search=leak probe tag&hide_empty=false`))).tags as JsonObject[];
  return {
    publicEvent,
    protectedEvent,
    draftEvent,
    privateEvent,
    pendingEvent,
    futureEvent,
    trashedEvent,
    hostOfProtected,
    hostOfDrafts,
    protectedVenue,
    protectedOrganizer,
    draftVenue,
    draftOrganizer,
    laterDraftEvent,
    laterProtectedEvent,
    laterTrashedEvent,
    earlierDraftEvent,
    laterProtectedVenue,
    laterDraftVenue,
    hostOfLaterProtectedVenue,
    hostOfLaterDraftVenue,
    category: category[0]?.id as number,
    tag: tag[0]?.id as number,
    // publicEvent, protectedEvent, hostOfProtected, hostOfDrafts, laterProtectedEvent, earlierDraftEvent and the
    // two hosts of later-changed venues are published now.
    publishedWithTerms: 8,
  };
}

/** The markers a text contains, each once, in order of first appearance (case-insensitive). */
export function markersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/leakmark-[a-z0-9-]+/gi)].map((m) => m[0]))];
}
