// The series horizon process manager as the composition root runs it (docs/architecture.md §8): next to scheduled
// publication, in the roles that project, reading the open-ended series from the read model.
import type { Logger } from 'pino';
import type { Config, ServiceRole } from '../config/config.ts';
import type { EventStore } from '../events/eventStore.ts';
import type { ReadStore } from '../projections/readStore.ts';
import type { WriteDeps } from '../commands/writeDeps.ts';
import type { EventCommandDeps } from '../commands/events/eventCommands.ts';
import { IdAllocator } from '../commands/registries/idAllocator.ts';
import { SlugRegistry } from '../commands/registries/slugRegistry.ts';
import { StreamLocks } from '../commands/streamLocks.ts';
import { ZoneClock } from '../domain/timeZone.ts';
import { isOpenEnded } from '../domain/recurrence/openEnded.ts';
import { SeriesHorizonKeeper, type OpenSeriesSource } from '../commands/scheduling/seriesHorizonKeeper.ts';

/** The open-ended series items of the read model: a scan, once per round (an hour apart). */
export function openSeriesOf(readStore: ReadStore): OpenSeriesSource {
  return {
    async openSeries() {
      const ids: number[] = [];
      for await (const doc of readStore.documents('events')) {
        if (doc.occurrences && doc.status !== 'trash' && isOpenEnded(doc.recurrence ?? [])) ids.push(doc.id);
      }
      return ids;
    },
  };
}

/** Runs where scheduled publication runs; in one process it writes with the API's allocators and stream locks. */
export function startSeriesHorizon(
  role: ServiceRole,
  config: Config,
  readStore: ReadStore,
  store: EventStore,
  apiWrites: WriteDeps | undefined,
  clock: () => Date,
  logger: Logger,
): SeriesHorizonKeeper | undefined {
  if (role === 'api' || !config.scheduler) return undefined;
  const recurrence = { horizonMonths: config.recurrenceHorizonMonths, maxOccurrences: config.recurrenceMaxOccurrences };
  const writes: EventCommandDeps = apiWrites ?? {
    store,
    postIds: new IdAllocator(store, 'ids-post'),
    slugs: new SlugRegistry(store),
    locks: new StreamLocks(),
    zones: new ZoneClock(),
    recurrence,
  };
  const keeper = new SeriesHorizonKeeper({
    source: openSeriesOf(readStore),
    writes,
    clock,
    onFailure: (error, series) => logger.warn({ err: error, series }, 'series horizon extension failed; next round'),
  });
  keeper.start();
  return keeper;
}
