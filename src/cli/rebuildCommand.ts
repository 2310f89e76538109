// `cal rebuild`: replays the event store into a projection's read model, with progress; blue-green on MongoDB.
import type { EventStore } from '../events/eventStore.ts';
import type { ProjectionMemos } from '../projections/projectionMemos.ts';
import { createMemoryReadStore } from '../projections/memory/memoryReadStore.ts';
import { replayInto } from '../projections/replay.ts';
import { digestReadStore } from '../projections/digest/readModelDigest.ts';
import { argumentsOf, UsageError, type Invocation } from './cliParser.ts';
import { CliFailure } from './cliStore.ts';
import type { Output, PreparedCommand } from './preparedCommand.ts';
import {
  readModelProjection,
  rebuildableProjection,
  rebuildableProjections,
  type RebuildableProjection,
} from './rebuild/rebuildableProjections.ts';
import { progressBar, progressLines, type Clock, type ProgressReporter } from './rebuild/rebuildProgress.ts';
import {
  reportJson,
  reportLines,
  type DryRunOutcome,
  type RebuildOutcome,
  type SwitchOutcome,
} from './rebuild/rebuildReport.ts';

/** Where progress goes: a bar on the terminal, when there is one, else lines through the command's error output. */
export interface RebuildContext {
  readonly terminal?: NodeJS.WritableStream;
  readonly clock: Clock;
}

const processContext = (): RebuildContext => ({
  ...(process.stderr.isTTY ? { terminal: process.stderr } : {}),
  clock: () => performance.now(),
});

export function prepareRebuildCommand(
  invocation: Invocation,
  context: RebuildContext = processContext(),
): PreparedCommand {
  argumentsOf(invocation, ['rebuild'], [], ['projection', 'json']);
  const projection = projectionNamed(invocation.options.projection ?? readModelProjection.name);
  const json = invocation.flags.has('json');
  return async (store, io, env, parts) => {
    const { memos } = parts.folding;
    const progress = context.terminal
      ? progressBar(projection.name, context.terminal, context.clock)
      : progressLines(projection.name, (line) => io.err(line), context.clock);
    const outcome = env.CAL_MONGODB_URL
      ? await switchedRebuild(store, env.CAL_MONGODB_URL, projection, memos, progress, io, context.clock, batchOf(env))
      : await dryRun(store, projection, memos, progress, context.clock);
    print(outcome, json, io);
  };
}

/** Events per write-behind batch: each batch is one bulk write per MongoDB collection, then the checkpoint. */
export const defaultRebuildBatchEvents = 500;

function batchOf(env: Readonly<Record<string, string | undefined>>): number {
  const text = env.CAL_REBUILD_BATCH_EVENTS;
  if (text === undefined || text === '') return defaultRebuildBatchEvents;
  const events = Number(text);
  if (!Number.isInteger(events) || events < 1 || events > 100_000)
    throw new UsageError(`CAL_REBUILD_BATCH_EVENTS must be a whole number from 1 to 100000, not "${text}"`);
  return events;
}

function projectionNamed(name: string): RebuildableProjection {
  const found = rebuildableProjection(name);
  if (!found) {
    const known = rebuildableProjections.map((p) => p.name).join(', ');
    throw new UsageError(`rebuild: unknown projection "${name}"; known projections: ${known}`);
  }
  return found;
}

/**
 * The embedded read model lives in the service process, which builds it from the store at every start; from here
 * only a replay of its own can run. It proves every event still projects, measures the rate, and digests the result.
 */
async function dryRun(
  store: EventStore,
  projection: RebuildableProjection,
  memos: ProjectionMemos,
  progress: ProgressReporter,
  clock: Clock,
): Promise<DryRunOutcome> {
  const startedAt = clock();
  const fresh = createMemoryReadStore(memos);
  let replayed;
  try {
    replayed = await replayInto(store, fresh, {
      handlers: projection.handlers(memos),
      onProgress: (p) => progress.update(p),
    });
  } finally {
    progress.finish();
  }
  const elapsedMs = clock() - startedAt;
  return {
    target: 'memory',
    projection: projection.name,
    events: replayed.appliedEvents,
    elapsedMs,
    position: replayed.appliedPosition,
    collections: await digestReadStore(fresh, { detail: false }),
  };
}

async function switchedRebuild(
  store: EventStore,
  url: string,
  projection: RebuildableProjection,
  memos: ProjectionMemos,
  progress: ProgressReporter,
  io: Output,
  clock: Clock,
  eventsPerFlush: number,
): Promise<SwitchOutcome> {
  // Loaded only here: the MongoDB driver takes a second to load, which every other `cal` command would pay.
  const [{ connectMongoDatabase }, { rebuildIntoNextVersion }, { ReadModelSwitchConflict }] = await Promise.all([
    import('../projections/mongo/mongoConnection.ts'),
    import('../projections/mongo/blueGreenRebuild.ts'),
    import('../projections/mongo/readModelPointer.ts'),
  ]);
  const { client, db } = await connectMongoDatabase(url);
  const startedAt = clock();
  let building: number | undefined;
  try {
    const rebuilt = await rebuildIntoNextVersion(store, db, {
      handlers: projection.handlers(memos),
      writeBehind: { eventsPerFlush, venueLocations: memos.venues },
      onPlan: ({ from, to }) => {
        building = to;
        io.err(`${projection.name}: building version ${to} in MongoDB beside the active version ${from}`);
      },
      onProgress: (p) => progress.update(p),
      onCatchUpPass: (pass, result) => {
        if (pass === 1) progress.finish();
        io.err(
          `${projection.name}: catch-up pass ${pass}: ${result.appliedEvents} events, up to position ` +
            `${result.appliedPosition}`,
        );
      },
    });
    return {
      target: 'mongodb',
      projection: projection.name,
      events: rebuilt.appliedEvents,
      elapsedMs: clock() - startedAt,
      position: rebuilt.appliedPosition,
      previousVersion: rebuilt.previousVersion,
      version: rebuilt.version,
      catchUpPasses: rebuilt.catchUpPasses,
    };
  } catch (error) {
    if (error instanceof ReadModelSwitchConflict) {
      throw new CliFailure(
        `${error.message}: another rebuild or an operator switched it; version ${building} is built but not active`,
      );
    }
    throw error;
  } finally {
    progress.finish();
    await client.close();
  }
}

function print(outcome: RebuildOutcome, json: boolean, io: Output): void {
  if (json) io.out(reportJson(outcome));
  else for (const line of reportLines(outcome)) io.out(line);
}
