// `cal verify`: replays the event store into a fresh read model up to the live one's position and compares digests.
import type { EventStore } from '../events/eventStore.ts';
import type { ReadStore } from '../projections/readStore.ts';
import { createMemoryReadStore } from '../projections/memory/memoryReadStore.ts';
import { replayInto } from '../projections/replay.ts';
import { readModelCheckpoint } from '../projections/projectionStep.ts';
import {
  digestReadStore,
  type CollectionsDigest,
  type ReadModelDigest,
} from '../projections/digest/readModelDigest.ts';
import { digestAtPosition } from '../projections/digest/digestAtPosition.ts';
import { compareDigests } from '../projections/digest/digestComparison.ts';
import { argumentsOf, UsageError, type Invocation } from './cliParser.ts';
import { CliFailure } from './cliStore.ts';
import type { CliParts, PreparedCommand } from './preparedCommand.ts';
import { allProjections } from '../projections/allProjections.ts';
import { fetchServiceDigest, type ServiceCredentials } from './verify/serviceDigest.ts';
import { isIdentical, reportJson, reportLines, type VerifyOutcome } from './verify/verifyReport.ts';

/** Read when `--password` is not given, so that the password need not appear in the process list or shell history. */
export const verifyPasswordVariable = 'CAL_VERIFY_PASSWORD';

interface LiveDigest {
  readonly digest: ReadModelDigest;
  /** Where it came from, for the report. */
  readonly source: string;
}

export function prepareVerifyCommand(invocation: Invocation): PreparedCommand {
  argumentsOf(invocation, ['verify'], [], ['url', 'user', 'password', 'json']);
  const { url, user, password } = invocation.options;
  if (url !== undefined) checkServiceUrl(url);
  if (password !== undefined && user === undefined) throw new UsageError('verify: --password goes with --user');
  if (user !== undefined && url === undefined) throw new UsageError('verify: --user and --password go with --url');
  const json = invocation.flags.has('json');
  return async (store, io, env, parts) => {
    const live =
      url !== undefined ? await serviceDigest(url, credentialsOf(user, password, env)) : await mongoDigest(env);
    const replayed = await replayedDigest(store, BigInt(live.digest.position), parts);
    const outcome: VerifyOutcome = {
      position: live.digest.position,
      live: live.source,
      comparisons: compareDigests(live.digest.collections, replayed),
    };
    if (json) io.out(reportJson(outcome));
    else for (const line of reportLines(outcome)) io.out(line);
    return isIdentical(outcome) ? 0 : 1;
  };
}

function checkServiceUrl(url: string): void {
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) {
    throw new UsageError(`verify: --url must be an http(s) URL of the service, not "${url}"`);
  }
  const parsed = new URL(url);
  if (parsed.username !== '' || parsed.password !== '')
    throw new UsageError('verify: give credentials with --user and --password, not in --url');
}

function credentialsOf(
  user: string | undefined,
  password: string | undefined,
  env: NodeJS.ProcessEnv,
): ServiceCredentials | undefined {
  if (user === undefined) return undefined;
  const chosen = password ?? env[verifyPasswordVariable];
  if (chosen === undefined) throw new UsageError(`verify: --user needs --password or ${verifyPasswordVariable}`);
  return { user, password: chosen };
}

async function serviceDigest(url: string, credentials: ServiceCredentials | undefined): Promise<LiveDigest> {
  return { digest: await fetchServiceDigest(url, credentials), source: url };
}

/**
 * The distributed deployment keeps the read model in MongoDB, readable from here; its position is the stored
 * checkpoint. Without MongoDB the read model exists only inside the service process, so only --url can reach it.
 */
async function mongoDigest(env: NodeJS.ProcessEnv): Promise<LiveDigest> {
  if (!env.CAL_MONGODB_URL) {
    throw new UsageError(
      'verify: the embedded read model lives in the service process; pass --url <service url> ' +
        "with an administrator's --user",
    );
  }
  // Loaded only here, as the MongoDB driver is slow to load (see rebuildCommand.ts).
  const { connectMongoReadStore } = await import('../projections/mongo/mongoReadStore.ts');
  const readStore = await connectMongoReadStore(env.CAL_MONGODB_URL);
  try {
    return { digest: await checkpointedDigest(readStore), source: 'mongodb' };
  } finally {
    await readStore.close();
  }
}

/** A read store's digest at its stored checkpoint, which its projector moves as it goes. */
export async function checkpointedDigest(readStore: ReadStore): Promise<ReadModelDigest> {
  const position = async () => (await readStore.checkpoints.get(readModelCheckpoint)) ?? -1n;
  const digest = await digestAtPosition(readStore, { position, detail: true });
  if (!digest) throw new CliFailure('the read model kept changing while it was digested; try again');
  return digest;
}

/** Stops at the live position exactly: writes that went on meanwhile are not in the live digest either. */
async function replayedDigest(store: EventStore, upTo: bigint, parts: CliParts): Promise<CollectionsDigest> {
  const { memos } = parts.folding;
  const fresh = createMemoryReadStore(memos);
  const { appliedPosition } = await replayInto(store, fresh, { upTo, handlers: allProjections(memos) });
  if (appliedPosition !== upTo) {
    throw new CliFailure(
      `the event store ends at position ${appliedPosition}, before the live read model's ${upTo}: is ` +
        `it the service's (--data-dir, CAL_EVENTSTORE_URL)?`,
    );
  }
  return digestReadStore(fresh, { detail: true });
}
