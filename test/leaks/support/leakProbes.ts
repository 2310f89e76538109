// The read requests a leak probe sends: every read route and list filter, aimed at every fixture.
import type { RoleTestService } from '../../support/roleService.ts';
import { API, bodyOf, fixturePassword, times, type JsonObject, type LeakFixtures } from './leakFixtures.ts';

export interface Probe {
  readonly path: string;
  /**
   * A list of this kind: callers who may list non-published items of all authors (docs/api.md §3.2) may see them here.
   */
  readonly listOf?: 'events' | 'venues' | 'organizers';
}

/** Slugs as the admin sees them; items still in draft have none (docs/api.md §4.7) and are probed by id only. */
async function slugsOf(t: RoleTestService, plural: string, ids: readonly number[]): Promise<string[]> {
  const slugs: string[] = [];
  for (const id of ids) {
    const res = await t.admin('GET', `${API}/${plural}/${id}?context=edit&password=${fixturePassword}`);
    const slug = res.status === 200 ? (bodyOf(res).slug as string) : '';
    if (slug !== '') slugs.push(slug);
  }
  // Trashed events answer 403 to everyone; their `…__trashed` slugs come from the admin's trash list.
  if (plural === 'events') {
    const trash = bodyOf(await t.admin('GET', `${API}/events?status=trash&per_page=50`)).events as JsonObject[];
    slugs.push(...trash.map((event) => event.slug as string));
  }
  return slugs;
}

/** Every probe of the matrix; `context=edit`, a wrong password and `as_of` are tried on every single read. */
export async function leakProbes(t: RoleTestService, f: LeakFixtures): Promise<Probe[]> {
  const events = [
    f.publicEvent,
    f.protectedEvent,
    f.draftEvent,
    f.privateEvent,
    f.pendingEvent,
    f.futureEvent,
    f.trashedEvent,
    f.hostOfProtected,
    f.hostOfDrafts,
    f.laterDraftEvent,
    f.laterProtectedEvent,
    f.laterTrashedEvent,
    f.earlierDraftEvent,
    f.hostOfLaterProtectedVenue,
    f.hostOfLaterDraftVenue,
  ];
  const items = {
    venues: [f.protectedVenue, f.draftVenue, f.laterProtectedVenue, f.laterDraftVenue],
    organizers: [f.protectedOrganizer, f.draftOrganizer],
  };
  const singleReadVariants = [
    '',
    '?context=edit',
    '?password=wrong',
    `?as_of=${times.asOfFirst}`,
    `?as_of=${times.asOfFirst}&context=edit`,
  ];
  const probes: Probe[] = [];
  const single = (path: string) => singleReadVariants.forEach((variant) => probes.push({ path: `${path}${variant}` }));

  const eventLists = [
    '',
    '?per_page=50',
    '?status=publish',
    '?status=any&per_page=50',
    '?status=draft,pending,private,future',
    '?status=trash',
    '?search=LEAKMARK',
    '?search=leakmark-pw-event-description',
    '?search=Protected',
    '?search=Protected gala',
    '?search=leakmark-np-draft-venue-name',
    `?include=${events.join(',')}`,
    `?include=${events.join(',')}&status=any`,
    `?venue=${items.venues.join(',')}`,
    `?organizer=${items.organizers.join(',')}`,
    `?categories=${f.category}`,
    `?tags=${f.tag}`,
    '?featured=false&per_page=50',
    '?start_date=2000-01-01&end_date=2100-01-01&per_page=50',
    '?starts_after=2000-01-01&per_page=50',
  ];
  for (const query of eventLists) probes.push({ path: `${API}/events${query}`, listOf: 'events' });
  for (const id of events) {
    single(`${API}/events/${id}`);
    probes.push({ path: `${API}/events/${id}/history` });
  }
  for (const slug of await slugsOf(t, 'events', events)) single(`${API}/events/by-slug/${encodeURIComponent(slug)}`);

  for (const plural of ['venues', 'organizers'] as const) {
    const lists = [
      '',
      '?per_page=50',
      '?status=publish',
      '?status=any',
      '?status=draft',
      '?search=LEAKMARK',
      '?search=leakmark-pw',
      '?has_events=1',
      '?has_events=0',
      '?only_with_upcoming=1',
      ...events.map((id) => `?event=${id}`),
    ];
    for (const query of lists) probes.push({ path: `${API}/${plural}${query}`, listOf: plural });
    for (const id of items[plural]) {
      single(`${API}/${plural}/${id}`);
      probes.push({ path: `${API}/${plural}/${id}/history` });
    }
    for (const slug of await slugsOf(t, plural, items[plural]))
      single(`${API}/${plural}/by-slug/${encodeURIComponent(slug)}`);
  }

  for (const [plural, id] of [
    ['categories', f.category],
    ['tags', f.tag],
  ] as const) {
    for (const query of [
      '',
      '?hide_empty=false',
      '?hide_empty=false&search=leak',
      ...events.flatMap((e) => [`?event=${e}`, `?post=${e}`]),
    ]) {
      probes.push({ path: `${API}/${plural}${query}` });
    }
    single(`${API}/${plural}/${id}`);
    probes.push({ path: `${API}/${plural}/${id}/history` });
  }

  for (const path of [
    '',
    '/',
    '/doc',
    '/doc/events',
    '/read-model/digest',
    '/read-model/digest?detail=true',
    '/changes?from=start',
  ]) {
    probes.push({ path: `${API}${path}` });
  }
  return probes;
}
