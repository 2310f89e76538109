// Writes through the API that touch every read-model collection: creates, updates (re-embedding), trash and deletes.
import { expect } from 'chai';
import type { TestResponse, TestService } from '../../../support/testService.ts';
import { API } from '../../events/support/eventsApi.ts';
import { created, replayCaptures, type CaptureIds } from '../../links/support/linkFixtures.ts';

const dates = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

function ok(res: TestResponse): void {
  expect(res.status, res.text).to.equal(200);
}

export async function someActivity(t: TestService): Promise<CaptureIds> {
  const ids = await replayCaptures(t);
  ok(await t.admin('POST', `${API}/venues/${ids.venue}`, { body: { venue: 'Renamed hall' } }));
  ok(await t.admin('POST', `${API}/organizers/${ids.organizer}`, { body: { organizer: 'Renamed organizer' } }));
  ok(await t.admin('POST', `${API}/categories/${ids.category}`, { body: { name: 'Renamed category' } }));
  ok(await t.admin('POST', `${API}/events/${ids.event}`, { body: { title: 'Retitled' } }));
  const doomedEvent = await created(
    await t.admin('POST', `${API}/events`, { body: { title: 'Doomed', ...dates, tags: [ids.tag] } }),
  );
  ok(await t.admin('DELETE', `${API}/events/${doomedEvent.id as number}`));
  const doomedVenue = await created(await t.admin('POST', `${API}/venues`, { body: { venue: 'Doomed hall' } }));
  ok(await t.admin('DELETE', `${API}/venues/${doomedVenue.id as number}`));
  const doomedTag = await created(await t.admin('POST', `${API}/tags`, { body: { name: 'Doomed tag' } }));
  ok(await t.admin('DELETE', `${API}/tags/${doomedTag.id as number}`));
  return ids;
}
