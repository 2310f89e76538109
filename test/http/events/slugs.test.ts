// Specifies how event slugs are derived, normalised, made unique and assigned on publication (docs/api.md §4.7).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, createEvent } from './support/eventsApi.ts';

describe('Event slugs', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
  });
  after(async () => t.close());

  it('derives the slug from the title, dropping punctuation', async () => {
    const body = await createEvent(t, { title: 'Minimal Event (renamed)' });
    expect(body.slug).to.equal('minimal-event-renamed');
    expect(body.url).to.equal('http://localhost:8080/event/minimal-event-renamed/');
  });

  it('gives later events with the same title the first free -2, -3 suffix', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await createEvent(t, { title: 'Repeated Title' })).slug);
    expect(slugs).to.deep.equal(['repeated-title', 'repeated-title-2', 'repeated-title-3']);
  });

  it('keeps slugs unique when events with the same title are created at the same time', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createEvent(t, { title: 'Rush Hour' })));
    const slugs = results.map((body) => body.slug as string);
    expect(new Set(slugs).size).to.equal(6);
    expect([...slugs].sort()).to.deep.equal([
      'rush-hour',
      'rush-hour-2',
      'rush-hour-3',
      'rush-hour-4',
      'rush-hour-5',
      'rush-hour-6',
    ]);
    expect(new Set(results.map((body) => body.id)).size, 'distinct ids').to.equal(6);
  });

  it('folds accented Latin letters to their base letter', async () => {
    const body = await createEvent(t, { title: 'Café Düsseldorf Ñandú à l’été' });
    expect(body.slug).to.equal('cafe-dusseldorf-nandu-a-lete');
  });

  it('normalises an explicit slug the same way', async () => {
    const body = await createEvent(t, { title: 'Anything', slug: '  My Custom_Slug!! -- Here ' });
    expect(body.slug).to.equal('my-custom_slug-here');
    expect(body.url).to.equal('http://localhost:8080/event/my-custom_slug-here/');
  });

  it('makes an explicit slug unique too', async () => {
    await createEvent(t, { title: 'First', slug: 'shared-slug' });
    const second = await createEvent(t, { title: 'Second', slug: 'shared-slug' });
    expect(second.slug).to.equal('shared-slug-2');
  });

  it('falls back to the id when nothing of the title survives', async () => {
    const body = await createEvent(t, { title: '¡¿!?' });
    expect(body.slug).to.equal(String(body.id));
  });

  it('refuses an empty explicit slug', async () => {
    const res = await t.admin('POST', `${API}/events`, {
      body: { title: 'Empty slug', slug: '', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
    });
    expect(res.status).to.equal(400);
    expect(bodyOf(res).message).to.equal('Invalid parameter(s): slug');
  });

  it('leaves a draft without an explicit slug with "" and the ?post_type= address', async () => {
    const body = await createEvent(t, { title: 'Draft Without Slug', status: 'draft' });
    expect(body).to.include({
      status: 'draft',
      slug: '',
      url: `http://localhost:8080/?post_type=cal_events&p=${String(body.id)}`,
    });
  });

  it('keeps the explicit slug of a draft', async () => {
    const body = await createEvent(t, { title: 'Draft With Slug', status: 'draft', slug: 'kept-draft-slug' });
    expect(body.slug).to.equal('kept-draft-slug');
  });

  it('derives the slug of a draft when it is published', async () => {
    const draft = await createEvent(t, { title: 'Published Later', status: 'draft' });
    const res = await t.admin('PATCH', `${API}/events/${String(draft.id)}`, { body: { status: 'publish' } });
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res)).to.include({
      status: 'publish',
      slug: 'published-later',
      url: 'http://localhost:8080/event/published-later/',
    });
  });

  it('lets a draft hold no slug: a published namesake takes it, and the draft gets -2 when published', async () => {
    const draft = await createEvent(t, { title: 'Twin', status: 'draft' });
    const published = await createEvent(t, { title: 'Twin' });
    expect(published.slug).to.equal('twin');
    const res = await t.admin('PATCH', `${API}/events/${String(draft.id)}`, { body: { status: 'publish' } });
    expect(bodyOf(res).slug).to.equal('twin-2');
  });

  it('frees the old slug when an event is given a new one', async () => {
    const renamed = await createEvent(t, { title: 'Alpha' });
    await t.admin('PATCH', `${API}/events/${String(renamed.id)}`, { body: { slug: 'omega' } });
    expect((await createEvent(t, { title: 'Alpha' })).slug).to.equal('alpha');
    expect((await createEvent(t, { title: 'Omega' })).slug).to.equal('omega-2');
  });

  it('never changes the slug on a title change alone', async () => {
    const created = await createEvent(t, { title: 'Original Name' });
    const res = await t.admin('PATCH', `${API}/events/${String(created.id)}`, { body: { title: 'Brand New Name' } });
    expect(bodyOf(res)).to.include({ title: 'Brand New Name', slug: 'original-name' });
  });
});
