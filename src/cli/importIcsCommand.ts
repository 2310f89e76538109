// `cal import-ics FILE`: imports a calendar file into the store the CLI opened, through the same command as
// `POST events.ics` (docs/api.md §21.2). Venues and organizers already in the store are found in a read model
// replayed here from the store, as the service's own duplicate check finds them in its read model.
import { openWriteDeps } from '../commands/writeDeps.ts';
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { EventStore } from '../events/eventStore.ts';
import { recurrenceSettingsOf, loadConfig, ConfigError } from '../config/config.ts';
import { ImportedUids } from '../commands/registries/importedUids.ts';
import { importCalendar, type ImportFailure, type ImportReport } from '../commands/icsImport/importCalendar.ts';
import { createMemoryReadStore } from '../projections/memory/memoryReadStore.ts';
import { replayInto } from '../projections/replay.ts';
import { allProjections } from '../projections/allProjections.ts';
import type { ProjectionMemos } from '../projections/projectionMemos.ts';
import { argumentsOf, type Invocation } from './cliParser.ts';
import { CliFailure } from './cliStore.ts';
import type { Output, PreparedCommand } from './preparedCommand.ts';

/** The answer's first problem in one line, as the HTTP answer's English message says it. */
function problemLine(failure: ImportFailure): string {
  if (failure.kind === 'store-unavailable')
    return 'the event store became unavailable; the entries imported so far stay, run again to complete';
  if (failure.kind === 'too-many-components') return `the file holds more than ${failure.limit} components`;
  return `not iCalendar: line ${failure.line}: ${failure.kind}${failure.name ? ` (${failure.name})` : ''}`;
}

function printReport(report: ImportReport, json: boolean, io: Output): void {
  if (json) return io.out(JSON.stringify(report));
  io.out(
    `Imported: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ` +
      `${report.skipped} skipped.`,
  );
  for (const { uid, reason } of report.skipped_components) io.out(`skipped ${uid || '(no UID)'}: ${reason}`);
}

async function readModelOf(store: EventStore, memos: ProjectionMemos) {
  const readStore = createMemoryReadStore(memos);
  await replayInto(store, readStore, { handlers: allProjections(memos) });
  return readStore;
}

function configOf(env: NodeJS.ProcessEnv) {
  try {
    return loadConfig(env);
  } catch (error) {
    throw error instanceof ConfigError ? new CliFailure(error.message) : error;
  }
}

export function prepareImportIcsCommand(invocation: Invocation): PreparedCommand {
  const [file] = argumentsOf(invocation, ['import-ics'], ['file'], ['json']) as [string];
  const json = invocation.flags.has('json');
  return async (store, io, env, parts) => {
    const config = configOf(env);
    if (statSync(file, { throwIfNoEntry: false })?.isFile() !== true) throw new CliFailure(`no file at ${file}`);
    if (statSync(file).size > config.icsMaxBytes)
      throw new CliFailure(`${file} is larger than CAL_ICS_MAX_BYTES (${config.icsMaxBytes} bytes)`);
    const { memos } = parts.folding;
    const readStore = await readModelOf(store, memos);
    const zones = memos.zones;
    const writes = openWriteDeps(store, zones, recurrenceSettingsOf(config));
    const id = randomUUID();
    const imported = await importCalendar(
      { writes, venues: readStore.venues, organizers: readStore.organizers, uids: new ImportedUids(store) },
      readFileSync(file),
      {
        siteZone: config.timeZone,
        language: 'en',
        author: '0',
        scaleDownStatus: false,
        source: basename(file),
        limits: { maxComponents: config.icsMaxComponents },
        extendedAddOn: config.extendedAddOn,
      },
      { actor: 'cli', now: new Date(), correlationId: id, causationId: id },
    );
    if (imported._tag === 'Left') throw new CliFailure(`${file}: ${problemLine(imported.left)}`);
    printReport(imported.right, json, io);
  };
}
