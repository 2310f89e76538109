// The rate of `cal import` (docs/migration.md): a source service (its own process) on a store seeded with the
// mode's number of events, imported with an editor's credentials into an empty target store by the real command
// line, as an operator runs it. The rate counts the source's events over the import's own time (reading, writing,
// probing for hidden events), as its summary reports it; the process time adds the start of the command line.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import { seed } from './seed.ts';
import type { SeedShape } from './seedShape.ts';
import { spawnNode, stopChild } from './nodeProcesses.ts';
import { benchAdminPassword, startServiceProcess } from './serviceProcess.ts';

export interface MigrationRate {
  /** Calendar events at the source (every status), and how many of them the import created. */
  readonly sourceEvents: number;
  readonly eventsCreated: number;
  /** Venues, organizers, categories and tags created besides. */
  readonly otherItemsCreated: number;
  readonly failed: number;
  readonly retries: number;
  /** The import's own time, from its summary. */
  readonly importSeconds: number;
  /** From spawning `cal import` to its exit. */
  readonly processSeconds: number;
  readonly eventsPerSecond: number;
}

const multipleOfFour = (n: number) => Math.max(4, Math.round(n / 4) * 4);

/** A calendar shaped like the bench's data set, scaled to `events` (the seed's counts are multiples of four). */
export const migrationShape = (events: number): SeedShape => ({
  events: multipleOfFour(events),
  venues: multipleOfFour(events / 100),
  organizers: multipleOfFour(events / 50),
  categories: 40,
  tags: 40,
});

interface ImportSummary {
  readonly counts: Readonly<Record<string, number>>;
  readonly byKind: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly retries: number;
  readonly seconds: number;
}

/** Runs `cal import --json` to its end; its summary line, or an error with the last of its output. */
async function runImport(nodeFlags: readonly string[], targetDir: string, from: string, deadlineMs: number) {
  const args = ['src/cli/cal.ts', '--data-dir', targetDir, 'import', '--from', from];
  const child = spawnNode(
    'cal import',
    nodeFlags,
    [...args, '--user', 'admin', '--password', benchAdminPassword, '--json'],
    {
      CAL_EVENTSTORE_URL: undefined,
    },
  );
  let tail = '';
  child.stdout.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-100_000)));
  const timer = setTimeout(() => void stopChild(child, 2_000), deadlineMs);
  const [code] = await new Promise<[number | null]>((resolve) => child.once('close', (exit) => resolve([exit])));
  clearTimeout(timer);
  const last = tail.trimEnd().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.includes('"step":"summary"'))
    throw new Error(`cal import exited with ${code}: ${last.slice(0, 2000)}`);
  return JSON.parse(last) as ImportSummary;
}

export async function measureMigration(
  nodeFlags: readonly string[],
  events: number,
  now: Date,
  deadlineMs: number,
): Promise<MigrationRate> {
  const dir = mkdtempSync(join(tmpdir(), 'cal-bench-migration-'));
  const [sourceDir, targetDir] = [join(dir, 'source'), join(dir, 'target')];
  try {
    const sourceStore = await openLmdbEventStore(join(sourceDir, 'events'));
    const seeded = await seed(sourceStore, migrationShape(events), now);
    await sourceStore.close();
    // An empty target store, as a first start of the service leaves it (the import writes as its user 1).
    mkdirSync(targetDir, { recursive: true });
    await (await openLmdbEventStore(join(targetDir, 'events'))).close();
    const source = await startServiceProcess(nodeFlags, sourceDir, deadlineMs);
    try {
      const startedAt = performance.now();
      const summary = await runImport(nodeFlags, targetDir, `${source.origin}/cal/events/v1`, deadlineMs);
      const processSeconds = (performance.now() - startedAt) / 1000;
      const eventsCreated = summary.byKind.event?.created ?? 0;
      return {
        sourceEvents: seeded.calendarEvents,
        eventsCreated,
        otherItemsCreated: (summary.counts.created ?? 0) - eventsCreated,
        failed: summary.counts.failed ?? 0,
        retries: summary.retries,
        importSeconds: summary.seconds,
        processSeconds,
        eventsPerSecond: seeded.calendarEvents / summary.seconds,
      };
    } finally {
      await source.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
