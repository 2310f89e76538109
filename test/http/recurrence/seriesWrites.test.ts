// Creating and updating recurring series over HTTP (docs/api.md §20.1, §20.2): occurrences planned up to the horizon,
// read by id, by slug, in lists and by `post_parent`, with the three series keys; bad rules refused with nothing
// written.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  API,
  asObject,
  bodyOf,
  createEvent,
  eventsOf,
  expectError,
  idsOf,
  type JsonObject,
} from '../events/support/eventsApi.ts';

const window = 'start_date=2026-01-01 00:00:00&end_date=2029-12-31 23:59:59';

describe('Recurring series: create and update with recurrence (docs/api.md §20.1, §20.2)', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService({ CAL_RECURRENCE_MAX_OCCURRENCES: '60' });
  });
  after(async () => t.close());
  beforeEach(() => t.setNow(new Date('2026-11-22T10:52:29Z')));

  const weekly = (title: string, rule = 'RRULE:FREQ=WEEKLY;COUNT=4'): JsonObject => ({
    title,
    timezone: 'Europe/Madrid',
    start_date: '2026-12-01 19:00:00',
    end_date: '2026-12-01 21:00:00',
    recurrence: [rule],
  });

  const occurrencesOf = async (id: number, query = window): Promise<JsonObject[]> => {
    const res = await t.admin('GET', `${API}/events?post_parent=${String(id)}&per_page=50&${query}`);
    expect(res.status, res.text).to.equal(200);
    return eventsOf(res);
  };

  it('plans the occurrences of a rule, each an event with its own id, slug and dates', async () => {
    const series = await createEvent(t, weekly('Choir'));
    expect(series.recurrence).to.deep.equal(['RRULE:FREQ=WEEKLY;COUNT=4']);
    expect(series.recurring_event_id).to.equal(series.id);
    expect(series.original_start_date).to.equal('2026-12-01 19:00:00');
    const occurrences = await occurrencesOf(series.id as number);
    expect(occurrences.map((o) => o.start_date)).to.deep.equal([
      '2026-12-08 19:00:00',
      '2026-12-15 19:00:00',
      '2026-12-22 19:00:00',
    ]);
    expect(occurrences.map((o) => o.slug)).to.deep.equal(['choir-2026-12-08', 'choir-2026-12-15', 'choir-2026-12-22']);
    for (const occurrence of occurrences) {
      expect(occurrence.id).to.not.equal(series.id);
      expect(occurrence.title).to.equal('Choir');
      expect(occurrence.end_date).to.equal(`${(occurrence.start_date as string).slice(0, 10)} 21:00:00`);
      expect(occurrence.recurring_event_id).to.equal(series.id);
      expect(occurrence.original_start_date).to.equal(occurrence.start_date);
      expect(occurrence.recurrence).to.deep.equal(series.recurrence);
    }
  });

  it('keeps wall-clock time across a daylight-saving change and reads occurrences by id and by slug', async () => {
    const series = await createEvent(t, {
      ...weekly('Spring class', 'RRULE:FREQ=WEEKLY;COUNT=3'),
      start_date: '2027-03-21 19:00:00',
      end_date: '2027-03-21 20:00:00',
    });
    const [afterChange] = (await occurrencesOf(series.id as number)).slice(0);
    const byId = await t.admin('GET', `${API}/events/${String(afterChange?.id)}`);
    expect(byId.status, byId.text).to.equal(200);
    expect(bodyOf(byId).start_date).to.equal('2027-03-28 19:00:00');
    expect(bodyOf(byId).utc_start_date).to.equal('2027-03-28 17:00:00');
    expect(series.utc_start_date).to.equal('2027-03-21 18:00:00');
    const bySlug = await t.admin('GET', `${API}/events/by-slug/spring-class-2027-03-28`);
    expect(bySlug.status, bySlug.text).to.equal(200);
    expect(bodyOf(bySlug).id).to.equal(afterChange?.id);
  });

  it('places the three keys after custom_fields and before json_ld, language and translations', async () => {
    const series = await createEvent(t, weekly('Key order'));
    const [occurrence] = await occurrencesOf(series.id as number);
    for (const id of [series.id, occurrence?.id]) {
      const keys = Object.keys(bodyOf(await t.admin('GET', `${API}/events/${String(id)}`)));
      const at = keys.indexOf('custom_fields');
      expect(keys.slice(at, at + 4)).to.deep.equal([
        'custom_fields',
        'recurrence',
        'recurring_event_id',
        'original_start_date',
      ]);
      expect(keys.indexOf('json_ld')).to.be.greaterThan(at + 3);
    }
  });

  it('gives single events none of the three keys', async () => {
    const single = await createEvent(t, { title: 'Single' });
    for (const key of ['recurrence', 'recurring_event_id', 'original_start_date']) expect(single).to.not.have.key(key);
  });

  it('lists occurrences under every filter like other events, and the series item not under post_parent', async () => {
    const series = await createEvent(t, { ...weekly('Searchable lecture'), categories: ['Lectures'] });
    const listed = await t.admin('GET', `${API}/events?search=searchable&${window}`);
    expect(idsOf(listed)).to.have.length(4);
    expect(idsOf(listed)[0]).to.equal(series.id);
    const inCategory = await t.admin('GET', `${API}/events?categories=lectures&${window}`);
    expect(idsOf(inCategory)).to.deep.equal(idsOf(listed));
    const children = await occurrencesOf(series.id as number);
    expect(children.map((o) => o.id)).to.deep.equal(idsOf(listed).slice(1));
    const dated = await t.admin('GET', `${API}/events?search=searchable&start_date=2026-12-14&end_date=2026-12-16`);
    expect(eventsOf(dated).map((o) => o.start_date)).to.deep.equal(['2026-12-15 19:00:00']);
  });

  it('accepts a JSON string of one line', async () => {
    const series = await createEvent(t, { ...weekly('One line'), recurrence: 'RRULE:FREQ=DAILY;COUNT=2' });
    expect(series.recurrence).to.deep.equal(['RRULE:FREQ=DAILY;COUNT=2']);
    expect(await occurrencesOf(series.id as number)).to.have.length(1);
  });

  it('plans an open-ended rule up to the horizon counted from the clock', async () => {
    t.setNow(new Date('2026-11-30T10:00:00Z'));
    const series = await createEvent(t, { ...weekly('Monthly forever', 'RRULE:FREQ=MONTHLY') });
    const occurrences = await occurrencesOf(series.id as number);
    // 24 months from 2026-11-30: the last start is 2028-11-01, after the series item of 2026-12-01.
    expect(occurrences).to.have.length(23);
    expect(occurrences.at(-1)?.start_date).to.equal('2028-11-01 19:00:00');
  });

  for (const [name, recurrence, code] of [
    ['another property', ['DTSTART:20261201T190000'], 'recurrence-other-property'],
    ['a rule without FREQ', ['RRULE:COUNT=3'], 'recurrence-missing-freq'],
    ['COUNT with UNTIL', ['RRULE:FREQ=DAILY;COUNT=3;UNTIL=20261231'], 'recurrence-count-with-until'],
    ['two rules', ['RRULE:FREQ=DAILY;COUNT=2', 'RRULE:FREQ=WEEKLY;COUNT=2'], 'recurrence-two-rules'],
    ['more than the maximum', ['RRULE:FREQ=DAILY;COUNT=100'], 'recurrence-too-many-occurrences'],
  ] as const) {
    it(`refuses ${name} with 400 naming recurrence, and writes nothing`, async () => {
      const before = await t.admin('GET', `${API}/events?search=refused&${window}`);
      const res = await t.admin('POST', `${API}/events`, { body: { ...weekly('Refused'), recurrence } });
      const data = expectError(res, 400, 'rest_invalid_param');
      expect(Object.keys(asObject(data.params))).to.deep.equal(['recurrence']);
      expect(asObject(asObject(data.details).recurrence).code).to.equal(code);
      const after = await t.admin('GET', `${API}/events?search=refused&${window}`);
      expect(idsOf(after)).to.deep.equal(idsOf(before));
      expect((await t.admin('GET', `${API}/events/by-slug/refused-2026-12-08`)).status).to.not.equal(200);
    });
  }

  it('words the reason in the request language', async () => {
    const res = await t.admin('POST', `${API}/events?i18n_language=ca`, {
      body: { ...weekly('Catalan'), recurrence: ['RRULE:COUNT=3'] },
    });
    const data = expectError(res, 400, 'rest_invalid_param');
    expect(asObject(data.params).recurrence).to.match(/FREQ/);
    expect(asObject(data.params).recurrence).to.not.equal(
      asObject(
        expectError(
          await t.admin('POST', `${API}/events`, { body: { ...weekly('E'), recurrence: ['RRULE:COUNT=3'] } }),
          400,
          'rest_invalid_param',
        ).params,
      ).recurrence,
    );
  });

  it('changes the rule on update: occurrences it still gives keep their ids, the others leave every list', async () => {
    const series = await createEvent(t, weekly('Rule change'));
    const before = await occurrencesOf(series.id as number);
    const res = await t.admin('POST', `${API}/events/${String(series.id)}`, {
      body: { recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] },
    });
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res).recurrence).to.deep.equal(['RRULE:FREQ=WEEKLY;COUNT=3']);
    const after = await occurrencesOf(series.id as number);
    expect(after.map((o) => o.id)).to.deep.equal(before.slice(0, 2).map((o) => o.id));
    const listed = await t.admin('GET', `${API}/events?search=rule%20change&${window}`);
    expect(idsOf(listed)).to.not.include(before[2]?.id);
  });

  for (const ending of [[], null]) {
    it(`ends the series with ${JSON.stringify(ending)}: a single event again, its occurrences gone`, async () => {
      const series = await createEvent(t, weekly(`Ending ${String(ending)}`));
      const before = await occurrencesOf(series.id as number);
      const res = await t.admin('PATCH', `${API}/events/${String(series.id)}`, { body: { recurrence: ending } });
      expect(res.status, res.text).to.equal(200);
      for (const key of ['recurrence', 'recurring_event_id', 'original_start_date'])
        expect(bodyOf(res)).to.not.have.key(key);
      expect(await occurrencesOf(series.id as number)).to.deep.equal([]);
      const gone = await t.admin('GET', `${API}/events/${String(before[0]?.id)}`);
      expect(gone.status).to.not.equal(200);
    });
  }

  it('refuses a bad rule on update and leaves the series as it was', async () => {
    const series = await createEvent(t, weekly('Bad update'));
    const res = await t.admin('PATCH', `${API}/events/${String(series.id)}`, {
      body: { title: 'Renamed', recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=XX'] },
    });
    expectError(res, 400, 'rest_invalid_param');
    const now = bodyOf(await t.admin('GET', `${API}/events/${String(series.id)}`));
    expect(now.title).to.equal('Bad update');
    expect(now.recurrence).to.deep.equal(series.recurrence);
  });
});
