// History and `as_of` of one occurrence (docs/api.md §19, §20.3): the series stream's events that concern it, and the
// occurrence as the series then made it.
import { expect } from 'chai';
import type { TestService } from '../../support/testService.ts';
import { occurrencesOf, useSeriesService, weeklyInMadrid } from '../../support/recurringSeries.ts';
import { API, bodyOf, createEvent, type JsonObject } from '../events/support/eventsApi.ts';

describe('Recurring series: history and as_of of an occurrence (docs/api.md §20.3)', () => {
  let t: TestService;
  useSeriesService((started) => (t = started));
  const write = async (id: unknown, body: JsonObject) => {
    const res = await t.admin('PATCH', `${API}/events/${String(id)}`, { body });
    expect(res.status, res.text).to.equal(200);
  };
  const historyOf = async (id: unknown, query = ''): Promise<JsonObject[]> => {
    const res = await t.admin('GET', `${API}/events/${String(id)}/history${query}`);
    expect(res.status, res.text).to.equal(200);
    return bodyOf(res).history as JsonObject[];
  };
  const position = async (): Promise<string> => String(await t.service.store.headPosition());
  const asOf = async (id: unknown, at: string) => t.admin('GET', `${API}/events/${String(id)}?as_of=${at}`);

  it('lists the plan that made it, the series changes it followed and its own exception, no others', async () => {
    const series = await createEvent(t, weeklyInMadrid('Occurrence history'));
    const [first, second] = await occurrencesOf(t, series.id);
    await write(series.id, { title: 'Renamed series' });
    await write(second?.id, { title: 'Guest night' });
    await write(first?.id, { title: 'Other guest' });
    const history = await historyOf(second?.id);
    expect(history.map((entry) => entry.type)).to.deep.equal([
      'EventRecurrenceSet',
      'EventDetailsChanged',
      'EventOccurrenceChanged',
    ]);
    expect(history[1]?.changes).to.deep.include({ title: { before: 'Occurrence history', after: 'Renamed series' } });
    expect(history[2]?.changes).to.deep.include({ title: { before: 'Renamed series', after: 'Guest night' } });
    const firstHistory = await historyOf(first?.id);
    expect(firstHistory.map((entry) => entry.type)).to.not.include('EventOccurrenceCancelled');
    expect(firstHistory.at(-1)?.changes).to.deep.include({ title: { before: 'Renamed series', after: 'Other guest' } });
  });

  it('shows the cancellation, and pages like any history', async () => {
    const series = await createEvent(t, weeklyInMadrid('Cancelled history'));
    const [, second] = await occurrencesOf(t, series.id);
    expect((await t.admin('DELETE', `${API}/events/${String(second?.id)}`)).status).to.equal(200);
    const history = await historyOf(second?.id);
    expect(history.map((entry) => entry.type)).to.deep.equal(['EventRecurrenceSet', 'EventOccurrenceCancelled']);
    expect(history[1]?.changes).to.deep.include({ status: { before: 'publish', after: 'trash' } });
    const res = await t.admin('GET', `${API}/events/${String(second?.id)}/history?per_page=1&page=2`);
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('x-cal-total')).to.equal('2');
    expect((bodyOf(res).history as JsonObject[]).map((entry) => entry.type)).to.deep.equal([
      'EventOccurrenceCancelled',
    ]);
  });

  it('as_of gives the occurrence as it was then: before its exception, and before the series changed', async () => {
    const series = await createEvent(t, weeklyInMadrid('Past occurrence'));
    const [, second] = await occurrencesOf(t, series.id);
    const planned = await position();
    await write(series.id, { title: 'Renamed past' });
    const renamed = await position();
    await write(second?.id, {
      title: 'Exception now',
      start_date: '2026-12-15 20:00:00',
      end_date: '2026-12-15 22:00:00',
    });
    const then = await asOf(second?.id, planned);
    expect(then.status, then.text).to.equal(200);
    expect(bodyOf(then)).to.include({ id: second?.id, title: 'Past occurrence', start_date: '2026-12-15 19:00:00' });
    expect(bodyOf(then).original_start_date).to.equal('2026-12-15 19:00:00');
    expect(bodyOf(await asOf(second?.id, renamed))).to.include({ title: 'Renamed past' });
    expect(bodyOf(await asOf(second?.id, await position()))).to.include({
      title: 'Exception now',
      start_date: '2026-12-15 20:00:00',
    });
  });

  it('as_of before the occurrence was planned is not found, like any event not created yet', async () => {
    const before = await position();
    const series = await createEvent(t, weeklyInMadrid('Not yet planned'));
    const [, second] = await occurrencesOf(t, series.id);
    const res = await asOf(second?.id, before);
    expect(res.status, res.text).to.equal(404);
  });
});
