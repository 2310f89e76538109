// Specifies password-protected venues and organizers (§12): blanking in reads, lists, writes and events; unlocking.
import { expect } from 'chai';
import {
  API,
  bodyOf,
  createOrganizer,
  createVenue,
  itemsOf,
  startItemService,
  type ItemTestService,
  type JsonObject,
} from './support/itemsApi.ts';

describe('password-protected venues and organizers', function () {
  let t: ItemTestService;
  let venue: JsonObject;
  let organizer: JsonObject;
  let eventId: number;
  before(async () => {
    t = await startItemService();
    venue = await createVenue(t, {
      venue: 'Locked Hall',
      description: 'Secret',
      address: '1 Hidden',
      city: 'Shh',
      state: 'IL',
      zip: '1',
      phone: '2',
      website: 'https://locked.example',
    });
    organizer = await createOrganizer(t, {
      organizer: 'Locked Org',
      phone: '3',
      email: 'l@x.org',
      website: 'https://lo.example',
    });
    for (const [kind, item] of [
      ['venues', venue],
      ['organizers', organizer],
    ] as const) {
      const res = await t.admin('PATCH', `${API}/${kind}/${item.id as number}`, { body: { password: 'pw' } });
      expect(res.status, res.text).to.equal(200);
      expect(res.text).to.not.contain('"pw"');
    }
    const ev = await t.admin('POST', `${API}/events`, {
      body: {
        title: 'Hosted',
        start_date: '2026-12-01 10:00:00',
        end_date: '2026-12-01 11:00:00',
        venue: venue.id,
        organizer: [organizer.id],
      },
    });
    eventId = bodyOf(ev).id as number;
  });
  after(async () => t.close());

  const blankedVenue = (): JsonObject => ({
    ...venue,
    venue: [],
    description: '',
    address: '',
    city: '',
    state: '',
    zip: '',
    phone: '',
    website: '',
    stateprovince: '',
    show_map: null,
    show_map_link: null,
  });
  const blankedOrganizer = (): JsonObject => ({ ...organizer, organizer: [], phone: '', email: '', website: '' });
  const withoutJsonLd = (body: JsonObject): JsonObject => {
    const { json_ld: _j, ...rest } = body;
    return rest;
  };

  it('a single GET blanks the present keys in place, json_ld included; id, slug, url, dates stay', async () => {
    const body = bodyOf(await t.request('GET', `${API}/venues/${venue.id as number}`));
    expect(withoutJsonLd(body)).to.deep.equal(blankedVenue());
    expect(Object.keys(body)).to.include.members(['json_ld']);
    // telephone, sameAs and url are removed from a locked item's json_ld, not emptied (§12).
    expect(body.json_ld).to.deep.equal({ '@type': 'Place', name: 'Locked Hall', description: '', address: '' });
    const org = bodyOf(await t.request('GET', `${API}/organizers/by-slug/locked-org`));
    expect(withoutJsonLd(org)).to.deep.equal(blankedOrganizer());
    expect(org.json_ld).to.deep.equal({ '@type': 'Person', name: 'Locked Org', description: '', email: '' });
    const byId = bodyOf(await t.by('subscriber', 'GET', `${API}/organizers/${organizer.id as number}`));
    expect(byId.json_ld).to.deep.equal(org.json_ld);
  });

  it('an unlocked read shows the json_ld in full; a locked read after it still gets the blanked one', async () => {
    const open = bodyOf(await t.request('GET', `${API}/venues/${venue.id as number}?password=pw`));
    expect(open.json_ld).to.include({ telephone: '2', sameAs: 'https://locked.example', url: '' });
    const locked = bodyOf(await t.request('GET', `${API}/venues/${venue.id as number}`));
    expect(locked.json_ld).to.not.have.any.keys('telephone', 'sameAs', 'url');
  });

  it('the exact password unlocks by id and by slug; a wrong one does not', async () => {
    const open = bodyOf(await t.request('GET', `${API}/venues/by-slug/locked-hall?password=pw`));
    expect(withoutJsonLd(open)).to.deep.equal(venue);
    expect(bodyOf(await t.request('GET', `${API}/organizers/${organizer.id as number}?password=pw`)).email).to.equal(
      'l@x.org',
    );
    expect(bodyOf(await t.request('GET', `${API}/venues/${venue.id as number}?password=PW`)).city).to.equal('');
  });

  it('context=edit unlocks for the admin, not for anonymous callers; other contexts are view', async () => {
    expect(bodyOf(await t.admin('GET', `${API}/venues/${venue.id as number}?context=edit`)).city).to.equal('Shh');
    expect(bodyOf(await t.admin('GET', `${API}/venues/${venue.id as number}`)).city).to.equal('');
    expect(bodyOf(await t.admin('GET', `${API}/venues/${venue.id as number}?context=embed`)).city).to.equal('');
    expect(bodyOf(await t.request('GET', `${API}/venues/${venue.id as number}?context=edit`)).city).to.equal('');
    expect(
      bodyOf(await t.by('author', 'GET', `${API}/organizers/${organizer.id as number}?context=edit`)).phone,
    ).to.equal('');
  });

  it('lists blank locked items unless unlocked', async () => {
    const anon = itemsOf(await t.request('GET', `${API}/venues`), 'venues');
    expect(anon).to.deep.equal([blankedVenue()]);
    expect(itemsOf(await t.request('GET', `${API}/organizers`), 'organizers')).to.deep.equal([blankedOrganizer()]);
    expect(itemsOf(await t.request('GET', `${API}/venues?password=pw`), 'venues')).to.deep.equal([venue]);
    expect(itemsOf(await t.admin('GET', `${API}/organizers?context=edit`), 'organizers')).to.deep.equal([organizer]);
  });

  it('venues and organizers embedded in an event are blanked', async () => {
    const ev = bodyOf(await t.request('GET', `${API}/events/${eventId}`));
    expect(withoutJsonLd(ev.venue as JsonObject)).to.deep.equal(blankedVenue());
    expect((ev.organizer as JsonObject[]).map(withoutJsonLd)).to.deep.equal([blankedOrganizer()]);
  });

  it(
    'an open event’s json_ld shows a locked venue and organizer without telephone, sameAs or ' +
      'url, before and after an unlocked read',
    async () => {
      const jsonLdOf = async (query: string) =>
        bodyOf(await t.by('subscriber', 'GET', `${API}/events/${eventId}${query}`)).json_ld as JsonObject;
      const lockedVenue = { '@type': 'Place', name: 'Locked Hall', description: '', address: '' };
      const lockedOrganizer = { '@type': 'Person', name: 'Locked Org', description: '', email: '' };
      for (const query of ['', '?password=pw', '']) {
        const jsonLd = await jsonLdOf(query);
        if (query === '') {
          expect(jsonLd.location).to.deep.equal(lockedVenue);
          expect(jsonLd.organizer).to.deep.equal(lockedOrganizer);
          expect((await jsonLdOf('')).url)
            .to.be.a('string')
            .and.not.equal('');
        } else {
          expect(jsonLd.location).to.include({ telephone: '2', sameAs: 'https://locked.example' });
          expect(jsonLd.organizer).to.include({
            telephone: '3',
            sameAs: 'https://lo.example',
            url: 'https://lo.example',
          });
        }
      }
      const embedded = bodyOf(await t.request('GET', `${API}/events/${eventId}`));
      expect((embedded.venue as JsonObject).json_ld).to.deep.equal(lockedVenue);
      expect(((embedded.organizer as JsonObject[])[0] as JsonObject).json_ld).to.deep.equal(lockedOrganizer);
    },
  );

  it('write responses are blanked unless the request unlocks them', async () => {
    const res = await t.admin('PATCH', `${API}/venues/${venue.id as number}`, { body: { country: 'US' } });
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res)).to.include({ city: '', country: '', show_map: null });
    expect(bodyOf(res).venue).to.deep.equal([]);
    const unlocked = await t.admin('PATCH', `${API}/venues/${venue.id as number}?context=edit`, {
      body: { country: '' },
    });
    expect(bodyOf(unlocked).city).to.equal('Shh');
    expect(bodyOf(unlocked)).to.not.have.property('country');
  });

  it('a by-slug update does not set a password; "" on the by-id route removes it', async () => {
    const o = await createOrganizer(t, { organizer: 'Open Org', phone: '5' });
    await t.admin('PATCH', `${API}/organizers/by-slug/open-org`, { body: { password: 'nope' } });
    expect(bodyOf(await t.request('GET', `${API}/organizers/${o.id as number}`)).phone).to.equal('5');
    await t.admin('PATCH', `${API}/organizers/${o.id as number}`, { body: { password: 'set' } });
    expect(bodyOf(await t.request('GET', `${API}/organizers/${o.id as number}`)).phone).to.equal('');
    await t.admin('PATCH', `${API}/organizers/${o.id as number}?password=set`, { body: { password: '' } });
    expect(bodyOf(await t.request('GET', `${API}/organizers/${o.id as number}`)).phone).to.equal('5');
  });
});
