// Writes to one occurrence (docs/api.md §20.3): `recurrence` is refused without a split, and an exception's own links
// to a venue or organizer are taken out when that item is trashed, through the series stream.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  API,
  asObject,
  bodyOf,
  createEvent,
  eventsOf,
  expectError,
  type JsonObject,
} from '../events/support/eventsApi.ts';

const window = 'start_date=2026-01-01 00:00:00&end_date=2029-12-31 23:59:59';

describe('Recurring series: writes to one occurrence (docs/api.md §20.3)', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
  });
  after(async () => t.close());
  beforeEach(() => t.setNow(new Date('2026-11-22T10:52:29Z')));

  const weekly = (title: string): JsonObject => ({
    title,
    timezone: 'Europe/Madrid',
    start_date: '2026-12-01 19:00:00',
    end_date: '2026-12-01 21:00:00',
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
  });
  const occurrencesOf = async (id: unknown): Promise<JsonObject[]> =>
    eventsOf(await t.admin('GET', `${API}/events?post_parent=${String(id)}&per_page=50&${window}`));
  const get = async (id: unknown) => bodyOf(await t.admin('GET', `${API}/events/${String(id)}`));

  for (const [language, words] of [
    ['en', 'change the rule on the series item, or split with recurrence_scope=following.'],
    ['ca', "canvieu la regla a l'element de la sèrie, o dividiu-la amb recurrence_scope=following."],
    ['es', 'cambia la regla en el elemento de la serie, o divídela con recurrence_scope=following.'],
  ] as const) {
    it(`refuses recurrence on an occurrence without a split, in ${language}, and writes nothing`, async () => {
      const series = await createEvent(t, weekly(`Rule on occurrence ${language}`));
      const [occurrence] = await occurrencesOf(series.id);
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
});
