// Splitting a series over HTTP (docs/api.md §20.3 `recurrence_scope=following`): the old series ends before the
// occurrence written, a new series starts at it with the written fields and the rest of the rule.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, createEvent, eventsOf, expectError, type JsonObject } from '../events/support/eventsApi.ts';

const window = 'start_date=2026-01-01 00:00:00&end_date=2029-12-31 23:59:59';

describe('Recurring series: splitting with recurrence_scope=following (docs/api.md §20.3)', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
  });
  after(async () => t.close());
  beforeEach(() => t.setNow(new Date('2026-11-22T10:52:29Z')));

  const occurrencesOf = async (id: unknown): Promise<JsonObject[]> => {
    const res = await t.admin('GET', `${API}/events?post_parent=${String(id)}&per_page=50&${window}`);
    expect(res.status, res.text).to.equal(200);
    return eventsOf(res);
  };
  const series = (title: string, rule: string) =>
    createEvent(t, {
      title,
      timezone: 'Europe/Madrid',
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 21:00:00',
      recurrence: [rule],
    });

  it('ends the old series before the occurrence and starts a new one there with the rest of a COUNT', async () => {
    const old = await series('Split choir', 'RRULE:FREQ=WEEKLY;COUNT=6');
    const before = await occurrencesOf(old.id);
    const at = before[1];
    const res = await t.admin('PATCH', `${API}/events/${String(at?.id)}?recurrence_scope=following`, {
      body: { title: 'Late choir', start_date: '2026-12-15 20:00:00', end_date: '2026-12-15 22:00:00' },
    });
    expect(res.status, res.text).to.equal(200);
    const started = bodyOf(res);
    expect(started).to.include({
      title: 'Late choir',
      slug: 'split-choir-2026-12-15',
      start_date: '2026-12-15 20:00:00',
    });
    expect(started.recurrence).to.deep.equal(['RRULE:FREQ=WEEKLY;COUNT=4']);
    expect(started.recurring_event_id).to.equal(started.id);
    const oldNow = bodyOf(await t.admin('GET', `${API}/events/${String(old.id)}`));
    expect(oldNow.recurrence).to.deep.equal(['RRULE:FREQ=WEEKLY;UNTIL=20261215T185959']);
    expect((await occurrencesOf(old.id)).map((o) => o.id)).to.deep.equal([before[0]?.id]);
    const moved = await occurrencesOf(started.id);
    expect(moved.map((o) => [o.start_date, o.slug, o.title])).to.deep.equal([
      ['2026-12-22 20:00:00', 'split-choir-2026-12-22', 'Late choir'],
      ['2026-12-29 20:00:00', 'split-choir-2026-12-29', 'Late choir'],
      ['2027-01-05 20:00:00', 'split-choir-2027-01-05', 'Late choir'],
    ]);
    // The occurrences from the split on have new ids in the new series; their old ids are in the trash.
    for (const o of before.slice(1))
      expect((await t.admin('GET', `${API}/events/${String(o.id)}`)).status).to.equal(403);
  });

  it('keeps an open-ended rule open in the new series and an UNTIL as it was', async () => {
    const open = await series('Split open', 'RRULE:FREQ=WEEKLY;UNTIL=20270105');
    const [, third] = await occurrencesOf(open.id);
    const res = await t.admin('PATCH', `${API}/events/${String(third?.id)}`, {
      body: { recurrence_scope: 'following', description: 'New hall' },
    });
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res).recurrence).to.deep.equal(['RRULE:FREQ=WEEKLY;UNTIL=20270105']);
    expect(await occurrencesOf(bodyOf(res).id)).to.have.length(3);
  });

  it('refuses a bad rule for the new series and leaves the old series whole', async () => {
    const whole = await series('Split refused', 'RRULE:FREQ=WEEKLY;COUNT=4');
    const before = await occurrencesOf(whole.id);
    const res = await t.admin('PATCH', `${API}/events/${String(before[0]?.id)}`, {
      body: { recurrence_scope: 'following', recurrence: ['RRULE:COUNT=2'] },
    });
    expectError(res, 400, 'rest_invalid_param');
    expect((await occurrencesOf(whole.id)).map((o) => o.id)).to.deep.equal(before.map((o) => o.id));
  });

  it('records the split on the old series stream, as its history shows', async () => {
    const old = await series('Split history', 'RRULE:FREQ=DAILY;COUNT=3');
    const [first] = await occurrencesOf(old.id);
    const res = await t.admin('PATCH', `${API}/events/${String(first?.id)}?recurrence_scope=following`, { body: {} });
    expect(res.status, res.text).to.equal(200);
    const history = await t.admin('GET', `${API}/events/${String(old.id)}/history`);
    expect(history.status, history.text).to.equal(200);
    expect(history.text).to.contain('EventSeriesSplit');
  });
});
