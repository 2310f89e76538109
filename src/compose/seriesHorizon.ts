// The series horizon process manager as the composition root runs it (docs/architecture.md §8): next to scheduled
// publication, in the roles that project, reading the open-ended series from the read model.
import { openWriteDeps } from '../commands/writeDeps.ts';
import type { Logger } from 'pino';
import { recurrenceSettingsOf, type Config, type ServiceRole } from '../config/config.ts';
import type { EventStore } from '../events/eventStore.ts';
import type { ReadStore } from '../projections/readStore.ts';
import type { EventDocument } from '../projections/events/eventDocument.ts';
import type { WriteDeps } from '../commands/writeDeps.ts';
import type { EventCommandDeps } from '../commands/events/eventCommands.ts';
import { ZoneClock } from '../domain/timeZone.ts';
import { isOpenEnded } from '../domain/recurrence/openEnded.ts';
import {
  SeriesHorizonKeeper,
  type OpenSeriesSource,
  type SeriesItemSource,
} from '../commands/scheduling/seriesHorizonKeeper.ts';

/**
 * The ids of the read model's events that `wanted` keeps, in ascending id order. The memory read model is read in the
 * calling turn: the port's async iteration cost a promise per document, about a second of a 1M-event start's
 * first round, spent between the service's listening and its readiness.
 */
async function eventIdsWhere(readStore: ReadStore, wanted: (doc: EventDocument) => boolean): Promise<number[]> {
  const ids: number[] = [];
  if (readStore.eventsInIdOrder) {
    for (const doc of readStore.eventsInIdOrder()) if (wanted(doc)) ids.push(doc.id);
    return ids;
  }
  for await (const doc of readStore.documents('events')) if (wanted(doc)) ids.push(doc.id);
  return ids;
}

/** The open-ended series items of the read model: a scan, once per round (an hour apart). */
export function openSeriesOf(readStore: ReadStore): OpenSeriesSource {
  return {
    openSeries: () =>
      eventIdsWhere(
        readStore,
        (doc) => Boolean(doc.occurrences) && doc.status !== 'trash' && isOpenEnded(doc.recurrence ?? []),
      ),
  };
}

/** Every series item of the read model: where a split may be unfinished; a scan, once per round. */
export function seriesItemsOf(readStore: ReadStore): SeriesItemSource {
  return { seriesItems: () => eventIdsWhere(readStore, (doc) => Boolean(doc.occurrences)) };
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
