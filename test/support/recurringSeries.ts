// The set-up the recurring-series HTTP tests share (docs/api.md §20): one service for a suite with its clock set
// before each test, a weekly series to create, and a series' occurrences as the admin lists them.
import { startTestService, type TestService } from './testService.ts';
import { API, eventsOf, type JsonObject } from '../http/events/support/eventsApi.ts';

/** The clock of every test of a series suite: just after the captures' time, before any series' first start. */
export const seriesTestTime = new Date('2026-11-22T10:52:29Z');

/** A list window wide enough for every series these tests write. */
export const seriesWindow = 'start_date=2026-01-01 00:00:00&end_date=2029-12-31 23:59:59';

/** Four Tuesdays at 19:00 in Madrid from 2026-12-01: the series item and three occurrences. */
export const weeklyInMadrid = (title: string): JsonObject => ({
  title,
  timezone: 'Europe/Madrid',
  start_date: '2026-12-01 19:00:00',
  end_date: '2026-12-01 21:00:00',
  recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
});

/** The occurrences of the series `id` (not the series item), in start order. */
export const occurrencesOf = async (t: TestService, id: unknown): Promise<JsonObject[]> =>
  eventsOf(await t.admin('GET', `${API}/events?post_parent=${String(id)}&per_page=50&${seriesWindow}`));

/**
 * Starts one service for the suite (mocha hooks: closed after it, its clock at `seriesTestTime` before each test)
 * and hands it to `use` once started.
 */
export function useSeriesService(use: (t: TestService) => void): void {
  let started: TestService | undefined;
  before(async function () {
    this.timeout(20000);
    started = await startTestService();
    use(started);
  });
  after(async () => started?.close());
  beforeEach(() => started?.setNow(seriesTestTime));
}
