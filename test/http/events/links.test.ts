// Specifies images and the venue, organizer and term references of an event write in this slice (docs/api.md §10.1).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, createEvent, expectError, expectInvalidParams } from './support/eventsApi.ts';

const dates = { start_date: '2026-11-25 10:00:00', end_date: '2026-11-25 12:00:00' };

describe('Event images and references', () => {
  let t: TestService;
  before(async () => (t = await startTestService()));
  after(async () => t.close());

  it(
    'stores an http(s) image URL as an image record with an id of the shared sequence, reused ' + 'for the same URL',
    async () => {
      const first = await createEvent(t, {
        title: 'Poster',
        ...dates,
        image: 'https://example.com/img/poster.jpg?v=2',
      });
      const image = first.image as { url: string; id: number; extension: string };
      expect(image).to.deep.equal({ url: 'https://example.com/img/poster.jpg?v=2', id: image.id, extension: 'jpg' });
      expect(Object.keys(image)).to.deep.equal(['url', 'id', 'extension']);
      expect(image.id).to.not.equal(first.id);
      const second = await createEvent(t, {
        title: 'Same poster',
        ...dates,
        image: 'https://example.com/img/poster.jpg?v=2',
      });
      expect((second.image as { id: number }).id).to.equal(image.id);
      const byId = await createEvent(t, { title: 'Poster by id', ...dates, image: image.id });
      expect(byId.image).to.deep.equal(image);
    },
  );

  it('omits the extension when the last path segment has no dot, and removes the image with ""', async () => {
    const created = await createEvent(t, {
      title: 'No extension',
      ...dates,
      image: 'https://example.com/images/poster',
    });
    expect(created.image)
      .to.deep.include({ url: 'https://example.com/images/poster' })
      .and.not.have.property('extension');
    const res = await t.admin('PATCH', `${API}/events/${String(created.id)}`, { body: { image: '' } });
    expect(bodyOf(res).image).to.equal(false);
  });

  it('refuses an image that is neither "", a stored image id nor an http(s) URL', async () => {
    for (const image of ['ftp://example.com/a.png', 'poster.jpg', 99999, { url: 'https://example.com/a.png' }]) {
      expectInvalidParams(
        await t.admin('POST', `${API}/events`, { body: { title: 'Bad image', ...dates, image } }),
        'image',
      );
    }
  });

  it('answers an event route given an image id with 400 rest-invalid-event-id', async () => {
    const created = await createEvent(t, { title: 'Has image', ...dates, image: 'https://example.com/x.png' });
    const imageId = (created.image as { id: number }).id;
    expectError(await t.request('GET', `${API}/events/${String(imageId)}`), 400, 'rest-invalid-event-id');
    expectError(await t.admin('DELETE', `${API}/events/${String(imageId)}`), 400, 'rest-invalid-event-id');
    expectError(await t.request('DELETE', `${API}/events/${String(imageId)}`), 401, 'rest_forbidden');
  });

  it('refuses venue and organizer ids that name no venue or organizer, and accepts the unlinking forms', async () => {
    expectInvalidParams(
      await t.admin('POST', `${API}/events`, { body: { title: 'V', ...dates, venue: 12345 } }),
      'venue',
    );
    expectInvalidParams(
      await t.admin('POST', `${API}/events`, { body: { title: 'O', ...dates, organizer: [12345] } }),
      'organizer',
    );
    for (const unlink of [0, '', []]) {
      const created = await createEvent(t, { title: 'Unlinked', ...dates, venue: unlink, organizer: [] });
      expect(created).to.deep.include({ venue: [], organizer: [] });
    }
  });

  it('skips unknown numeric term ids silently', async () => {
    const created = await createEvent(t, { title: 'Terms', ...dates, categories: [777], tags: '888' });
    expect(created).to.deep.include({ categories: [], tags: [] });
  });
});
