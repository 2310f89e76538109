// The set-up of the round-trip tests (docs/api.md §21.1, §21.2): a service to export from and an empty one to import
// into, both on Madrid time, and the step every round trip takes: export, import into the other, export again.
import { startTestService, type TestResponse, type TestService } from './testService.ts';
import { API } from '../http/events/support/eventsApi.ts';

export interface RoundTripServices {
  readonly source: TestService;
  readonly target: TestService;
}

/** Starts both services for the suite (mocha hooks, closed after it) and hands them to `use` once started. */
export function useRoundTripServices(use: (services: RoundTripServices) => void): void {
  let services: RoundTripServices | undefined;
  before(async () => {
    services = {
      source: await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' }),
      target: await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' }),
    };
    use(services);
  });
  after(async () => {
    await services?.source.close();
    await services?.target.close();
  });
}

/** The source's feed of `query`, the target's answer to importing it, and the target's feed of the same query. */
export async function exportImportExport(
  { source, target }: RoundTripServices,
  query: string,
): Promise<{ exported: TestResponse; imported: TestResponse; again: TestResponse }> {
  const exported = await source.request('GET', `${API}/events.ics?${query}`);
  const imported = await target.admin('POST', `${API}/events.ics`, {
    rawBody: exported.text,
    contentType: 'text/calendar',
  });
  const again = await target.request('GET', `${API}/events.ics?${query}`);
  return { exported, imported, again };
}
