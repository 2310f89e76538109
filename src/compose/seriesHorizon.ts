// The series horizon process manager as the composition root runs it (docs/architecture.md §8): next to scheduled
// publication, in the roles that project, reading the open-ended series from the read model.
import { openWriteDeps } from '../commands/writeDeps.ts';
import type { Logger } from 'pino';
import { recurrenceSettingsOf, type Config, type ServiceRole } from '../config/config.ts';
import type { EventStore } from '../events/eventStore.ts';
import type { ReadStore } from '../projections/readStore.ts';
import type { WriteDeps } from '../commands/writeDeps.ts';
import type { EventCommandDeps } from '../commands/events/eventCommands.ts';
import { ZoneClock } from '../domain/timeZone.ts';
import { isOpenEnded } from '../domain/recurrence/openEnded.ts';
import {
  SeriesHorizonKeeper,
  type OpenSeriesSource,
  type SeriesItemSource,
} from '../commands/scheduling/seriesHorizonKeeper.ts';

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

/** Every series item of the read model: where a split may be unfinished; a scan, once per round. */
export function seriesItemsOf(readStore: ReadStore): SeriesItemSource {
  return {
    async seriesItems() {
      const ids: number[] = [];
      for await (const doc of readStore.documents('events')) if (doc.occurrences) ids.push(doc.id);
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
  const writes: EventCommandDeps = apiWrites ?? openWriteDeps(store, new ZoneClock(), recurrenceSettingsOf(config));
  const keeper = new SeriesHorizonKeeper({
    source: openSeriesOf(readStore),
    splits: seriesItemsOf(readStore),
    writes,
    clock,
    onFailure: (error, series) =>
      logger.warn({ err: error, series }, 'series horizon extension or split completion failed; next round'),
  });
  keeper.start();
  return keeper;
}
