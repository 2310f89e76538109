// Specifies slugs of titles in other scripts (docs/api.md §4.7): kept as percent-encoded UTF-8, as the reference keeps
// them, and found by the by-slug routes however a client writes them.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, createEvent } from './support/eventsApi.ts';

const JAPANESE = '%e6%97%a5%e6%9c%ac%e8%aa%9e';

describe('Slugs in any script', () => {
  let t: TestService;
  before(async () => (t = await startTestService()));
  after(async () => t.close());

  it('keeps a title in another script as its percent-encoded UTF-8, in the slug and the page address', async () => {
    const body = await createEvent(t, { title: '日本語' });
    expect(body).to.include({ slug: JAPANESE, url: `http://localhost:8080/event/${JAPANESE}/` });
    expect((await createEvent(t, { title: 'Концерт 🎵' })).slug).to.equal(
      '%d0%ba%d0%be%d0%bd%d1%86%d0%b5%d1%80%d1%82-%f0%9f%8e%b5',
    );
  });

  it('finds such an event by its title, by its slug, and by its slug encoded once more', async () => {
    const { id } = await createEvent(t, { title: '日本語 再び', slug: '日本語-2' });
    for (const segment of [encodeURIComponent('日本語-2'), `${JAPANESE}-2`, encodeURIComponent(`${JAPANESE}-2`)]) {
      const res = await t.request('GET', `${API}/events/by-slug/${segment}`);
      expect(res.status, segment).to.equal(200);
      expect(bodyOf(res).id, segment).to.equal(id);
    }
  });

  it('finds cafe by café and Café: the path is normalised like a slug when nothing has it as written', async () => {
    const { id } = await createEvent(t, { title: 'Cafe' });
    for (const written of ['café', 'Café', 'CAFE']) {
      expect(
        bodyOf(await t.request('GET', `${API}/events/by-slug/${encodeURIComponent(written)}`)).id,
        written,
      ).to.equal(id);
    }
  });

  it('updates and deletes venues and organizers by such slugs', async () => {
    const venue = bodyOf(await t.admin('POST', `${API}/venues`, { body: { venue: 'Sala Gràcia 東' } }));
    expect(venue.slug).to.equal('sala-gracia-%e6%9d%b1');
    const renamed = await t.admin('PATCH', `${API}/venues/by-slug/${encodeURIComponent('Sala Gràcia 東')}`, {
      body: { city: 'Barcelona' },
    });
    expect(bodyOf(renamed)).to.include({ id: venue.id, city: 'Barcelona' });
    const organizer = bodyOf(await t.admin('POST', `${API}/organizers`, { body: { organizer: 'Ωmega' } }));
    expect(organizer.slug).to.equal('%cf%89mega');
    expect(bodyOf(await t.request('GET', `${API}/organizers/by-slug/${encodeURIComponent('ωmega')}`)).id).to.equal(
      organizer.id,
    );
    const deleted = await t.admin('DELETE', `${API}/organizers/by-slug/%cf%89mega`);
    expect(bodyOf(deleted)).to.include({ id: organizer.id, status: 'trash' });
  });

  it('still answers 400 naming slug for a slug nothing has', async () => {
    expect((await t.request('GET', `${API}/events/by-slug/${encodeURIComponent('なし')}`)).status).to.equal(400);
  });
});
