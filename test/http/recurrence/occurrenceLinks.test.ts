// Writes to one occurrence (docs/api.md §20.3): `recurrence` is refused without a split, and an exception's own links
// to a venue are taken out when the venue is trashed, through the series stream (no occurrence has a stream).
import { expect } from 'chai';
import type { TestService } from '../../support/testService.ts';
import { occurrencesOf, useSeriesService, weeklyInMadrid } from '../../support/recurringSeries.ts';
import { API, asObject, bodyOf, createEvent, expectError, type JsonObject } from '../events/support/eventsApi.ts';

describe('Recurring series: writes to one occurrence (docs/api.md §20.3)', () => {
  let t: TestService;
  useSeriesService((started) => (t = started));
  const get = async (id: unknown) => bodyOf(await t.admin('GET', `${API}/events/${String(id)}`));

  for (const [language, words] of [
    ['en', 'change the rule on the series item, or split with recurrence_scope=following.'],
    ['ca', "canvieu la regla a l'element de la sèrie, o dividiu-la amb recurrence_scope=following."],
    ['es', 'cambia la regla en el elemento de la serie, o divídela con recurrence_scope=following.'],
  ] as const) {
    it(`refuses recurrence on an occurrence without a split, in ${language}, and writes nothing`, async () => {
      const series = await createEvent(t, weeklyInMadrid(`Rule on occurrence ${language}`));
      const [occurrence] = await occurrencesOf(t, series.id);
      const res = await t.admin('PATCH', `${API}/events/${String(occurrence?.id)}?i18n_language=${language}`, {
        body: { title: 'Not written', recurrence: ['RRULE:FREQ=DAILY;COUNT=2'] },
      });
      const data = expectError(res, 400, 'rest_invalid_param');
      expect(Object.keys(asObject(data.params))).to.deep.equal(['recurrence']);
      const detail = asObject(asObject(data.details).recurrence);
      expect(detail.code).to.equal('occurrence-has-no-rule');
      expect(String(detail.message)).to.contain(words);
      expect(await get(occurrence?.id)).to.include({ title: `Rule on occurrence ${language}` });
      expect((await get(series.id)).recurrence).to.deep.equal(['RRULE:FREQ=WEEKLY;COUNT=4']);
    });
  }

  const venueNamed = async (name: string) =>
    bodyOf(await t.admin('POST', `${API}/venues`, { body: { venue: name } })).id as number;
  const venueIdsOf = (event: JsonObject): unknown[] =>
    (Array.isArray(event.venue) ? event.venue : [event.venue]).map((v) => asObject(v).id);

  it('trashing a venue an exception set for itself takes it out of that occurrence, through the series', async () => {
    const hall = await venueNamed('Series Hall');
    const guest = await venueNamed('Guest Hall');
    const series = await createEvent(t, { ...weeklyInMadrid('Exception venue'), venue: hall });
    const [first, second] = await occurrencesOf(t, series.id);
    const moved = await t.admin('PATCH', `${API}/events/${String(second?.id)}`, { body: { venue: guest } });
    expect(moved.status, moved.text).to.equal(200);
    expect(venueIdsOf(await get(second?.id))).to.deep.equal([guest]);
    expect((await t.admin('DELETE', `${API}/venues/${String(guest)}`)).status).to.equal(200);
    const after = await get(second?.id);
    expect(after.venue).to.deep.equal([]);
    expect(after.title).to.equal('Exception venue');
    expect(venueIdsOf(await get(first?.id))).to.deep.equal([hall]);
    expect(venueIdsOf(await get(series.id))).to.deep.equal([hall]);
    const history = bodyOf(await t.admin('GET', `${API}/events/${String(second?.id)}/history`)).history as JsonObject[];
    expect(history.at(-1)?.type).to.equal('EventOccurrenceChanged');
  });

  it('an exception linking a venue trashed at the same moment does not keep the link (repeated)', async () => {
    for (let round = 0; round < 6; round++) {
      const guest = await venueNamed(`Racing Hall ${String(round)}`);
      const series = await createEvent(t, weeklyInMadrid(`Racing exception ${String(round)}`));
      const [, second] = await occurrencesOf(t, series.id);
      const [written, trashed] = await Promise.all([
        t.admin('PATCH', `${API}/events/${String(second?.id)}`, { body: { venue: guest } }),
        t.admin('DELETE', `${API}/venues/${String(guest)}`),
      ]);
      expect(trashed.status, trashed.text).to.equal(200);
      // The write met the trashed venue (refused), or linked it before or after the trash: the link is gone either way.
      expect([200, 400], written.text).to.include(written.status);
      expect(venueIdsOf(await get(second?.id))).to.not.include(guest);
    }
  });
});
