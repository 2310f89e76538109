// `cal import --from <source api root>`: copies a whole calendar from a site speaking this interface into the store
// the command works on, through the ordinary command handlers (docs/api.md §22, docs/migration.md).
import { defaultRecurrenceSettings } from '../../commands/events/seriesPlanning.ts';
import { randomUUID } from 'node:crypto';
import { argumentsOf, UsageError, type Invocation } from '../cliParser.ts';
import type { Output, PreparedCommand } from '../preparedCommand.ts';
import type { EventStore } from '../../events/eventStore.ts';
import { IdAllocator } from '../../commands/registries/idAllocator.ts';
import { SlugRegistry } from '../../commands/registries/slugRegistry.ts';
import { StreamStates } from '../../commands/streamStates.ts';
import { postStatesCapacity } from '../../commands/writeDeps.ts';
import { StreamLocks } from '../../commands/streamLocks.ts';
import { findUserId } from '../../commands/users/userLookup.ts';
import { parseTimeZone, ZoneClock } from '../../domain/timeZone.ts';
import { sourceHttp, SourceUnreachable, type RetryPolicy } from './sourceHttp.ts';
import { discoverSource, readSourceCalendar } from './sourceReader.ts';
import { readImportLedger } from './importLedger.ts';
import { runImport, type ItemOutcome } from './importRun.ts';
import { foldSeries } from './importSeries.ts';
import { followSourceTrash } from './importTrash.ts';
import { jsonReporter, summaryCollector, terminalReporter, type ImportReporter } from './importProgress.ts';
import { importKinds, type ImportKind } from './sourceItems.ts';

export interface ImportSettings {
  readonly source: string;
  readonly user?: string;
  readonly password?: string;
  readonly concurrency: number;
  readonly dryRun: boolean;
  readonly json: boolean;
}

/** Where the bars go (a terminal, when there is one) and the retry policy (shorter in tests). */
export interface ImportContext {
  readonly terminal?: NodeJS.WritableStream;
  readonly policy?: RetryPolicy;
}

export function readImportSettings(invocation: Invocation): ImportSettings {
  argumentsOf(invocation, ['import'], [], ['from', 'user', 'password', 'concurrency', 'json', 'dry-run']);
  const { from, user, password, concurrency } = invocation.options;
  if (from === undefined) throw new UsageError('import: missing --from <source api root>');
  if (!/^https?:\/\/[^/]/i.test(from)) throw new UsageError(`import: --from must be an http(s) URL, not "${from}"`);
  if ((user === undefined) !== (password === undefined))
    throw new UsageError('import: --user and --password go together');
  if (concurrency !== undefined && !/^[1-9]\d{0,2}$/.test(concurrency))
    throw new UsageError(`import: --concurrency must be a whole number from 1 to 999, not "${concurrency}"`);
  return {
    source: from.replace(/\/+$/, ''),
    ...(user !== undefined ? { user, password: password as string } : {}),
    concurrency: concurrency === undefined ? 4 : Number(concurrency),
    dryRun: invocation.flags.has('dry-run'),
    json: invocation.flags.has('json'),
  };
}

function writeDepsOf(store: EventStore) {
  return {
    store,
    postIds: new IdAllocator(store, 'ids-post'),
    termIds: new IdAllocator(store, 'ids-term'),
    slugs: new SlugRegistry(store),
    locks: new StreamLocks(),
    streamStates: new StreamStates(),
    postStates: new StreamStates(postStatesCapacity),
    zones: new ZoneClock(),
    // The copied series keep the occurrences the source lists; the horizon applies to rules written here later.
    recurrence: defaultRecurrenceSettings,
  };
}

async function importInto(
  store: EventStore,
  settings: ImportSettings,
  reporter: ImportReporter,
  env: NodeJS.ProcessEnv,
  context: ImportContext,
) {
  const startedAt = performance.now();
  const http = sourceHttp({ ...settings, ...(context.policy ? { policy: context.policy } : {}) });
  await discoverSource(http, settings.source);
  const listed = await readSourceCalendar(http, settings.source, {
    signedIn: settings.user !== undefined,
    onRead: (kind, count, total) => reporter.read(kind, count, total),
  });
  // A series is copied as one item, its occurrences with it (importSeries.ts).
  const calendar = { ...listed, event: foldSeries(listed.event) };
  reporter.planned(
    Object.fromEntries(importKinds.map((kind) => [kind, calendar[kind].length])) as Record<ImportKind, number>,
  );
  const ledger = await readImportLedger(store, settings.source);
  const collector = summaryCollector(settings.source, settings.dryRun);
  const deps = writeDepsOf(store);
  const common = {
    source: settings.source,
    dryRun: settings.dryRun,
    runId: randomUUID(),
    now: () => new Date(),
    onOutcome: (outcome: ItemOutcome) => {
      collector.add(outcome);
      reporter.item(outcome);
    },
  };
  await runImport(deps, calendar, ledger, {
    ...common,
    concurrency: settings.concurrency,
    author: String((await findUserId(store, 'admin')) ?? 1),
    siteZone: parseTimeZone(env.CAL_TIMEZONE ?? 'UTC') ?? 'UTC',
  });
  // After the writes: events that linked a venue or organizer trashed at the source were updated without it first.
  await followSourceTrash(http, deps, calendar, ledger, { ...common, signedIn: settings.user !== undefined });
  const summary = collector.summary(http.retries(), (performance.now() - startedAt) / 1000);
  reporter.finish(summary);
  return summary.counts.failed > 0 ? 1 : 0;
}

export function prepareImportCommand(
  invocation: Invocation,
  context: ImportContext = process.stderr.isTTY ? { terminal: process.stderr } : {},
): PreparedCommand {
  const settings = readImportSettings(invocation);
  return async (store, io: Output, env) => {
    const reporter = settings.json ? jsonReporter(io) : terminalReporter(io, context.terminal);
    try {
      return await importInto(store, settings, reporter, env, context);
    } catch (error) {
      if (!(error instanceof SourceUnreachable)) throw error;
      io.err(`cal: import: source unreachable: ${error.message}`);
      return 2;
    }
  };
}
