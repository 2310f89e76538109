// Service configuration from environment variables, decoded with io-ts; a bad variable is named in the error.
import * as t from 'io-ts';
import {
  Flag,
  Milliseconds,
  NonEmpty,
  OnOff,
  Origins,
  Port,
  Seconds,
  Url,
  wholeNumber,
  Zone,
  type CorsOrigins,
} from './configValues.ts';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly publicUrl: string;
  readonly timeZone: string;
  readonly adminPassword?: string;
  readonly eventStoreUrl?: string;
  readonly mongoUrl?: string;
  readonly extendedAddOn: boolean;
  /** Silence after which the change feed sends a heartbeat. */
  readonly changesHeartbeatMs: number;
  /** How long a write waits for the read model to reflect it before answering anyway (and saying so). */
  readonly readYourWritesTimeoutMs: number;
  /** `/ready` fails while the oldest event the read model has not applied is older than this. */
  readonly readyMaxLagSeconds: number;
  /** On SIGTERM, in-flight requests get this long to finish before their connections are cut. */
  readonly shutdownGraceMs: number;
  readonly logLevel: LogLevel;
  /** Failed Basic-auth attempts one client may make within the window before it gets 429s; 0: no limit. */
  readonly authMaxFailures: number;
  readonly authFailureWindowSeconds: number;
  /** Failed unlocks (a wrong `password` on protected items) one client may make within the window; 0: no limit. */
  readonly unlockMaxFailures: number;
  readonly unlockFailureWindowSeconds: number;
  /** Origins whose browsers may read responses: none (off), any (`*`, reflected as the reference does), or a list. */
  readonly corsOrigins: CorsOrigins;
  /** Take the client address from the last `X-Forwarded-For` entry, which the reverse proxy in front appends. */
  readonly trustProxy: boolean;
  /** The embedded store refuses writes while less than this many MiB are free on the disk of the data dir. */
  readonly minFreeDiskMb: number;
  /** Embedded only: save the read model at graceful close and load it at the next start instead of a full replay. */
  readonly readModelSnapshot: boolean;
  /** Seconds between background snapshots of a read model that moved; 0: only at graceful close. */
  readonly readModelSnapshotIntervalSeconds: number;
  /** Seconds without writes after which the heap a burst of writes grew is collected and given back; 0: never. */
  readonly heapSettleSeconds: number;
  /**
   * Publish `future` items when their date passes (docs/api.md §20.6), in the roles that project (`all`, `projector`).
   */
  readonly scheduler: boolean;
  /** How far ahead open-ended series plan their occurrences, in months from now (docs/api.md §20.1). */
  readonly recurrenceHorizonMonths: number;
  /** Most occurrences a series may have within that horizon; a rule giving more is refused. */
  readonly recurrenceMaxOccurrences: number;
  /** Most events one `events.ics` feed holds (docs/api.md §21.1). */
  readonly icalMaxEvents: number;
  /** Largest calendar file `POST events.ics` takes, in bytes (docs/api.md §21.2). */
  readonly icsMaxBytes: number;
  /** Most components (BEGIN lines) one imported calendar file may hold. */
  readonly icsMaxComponents: number;
  /** `as_of` reads and history pages one client may make per window before it gets 429s; 0: no limit. */
  readonly historyMaxReads: number;
  readonly historyReadWindowSeconds: number;
  /** Open change feeds allowed at once in this process, and per user; beyond them a feed is refused with 503. */
  readonly changesMaxFeeds: number;
  readonly changesMaxFeedsPerUser: number;
  /** Bytes a change feed may hold for a client that does not read, read from the store but not yet in its socket. */
  readonly changesBufferBytes: number;
}

export type { CorsOrigins } from './configValues.ts';

/** What a process of the distributed deployment does; `all` is the embedded all-in-one of `npm start`. */
export type ServiceRole = 'all' | 'api' | 'projector';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Every variable the service reads, with its meaning; `--help` prints this. */
export const variables = {
  PORT: 'HTTP port (default 8080)',
  HOST: 'interface to listen on (default 127.0.0.1)',
  CAL_DATA_DIR: 'embedded data directory (default ./data)',
  CAL_PUBLIC_URL:
    'public origin written into response URLs (default http://{HOST}:{PORT}: ' +
    'http://127.0.0.1:8080 by default; localhost when HOST is 0.0.0.0 or ::)',
  CAL_TIMEZONE: 'site time zone, an IANA id, UTC or UTC±h (default UTC)',
  CAL_ADMIN_PASSWORD: 'password of the bootstrap admin, used on first start only (default: generated and printed once)',
  CAL_EVENTSTORE_URL: 'EventStoreDB/KurrentDB connection string; unset: embedded lmdb store',
  CAL_MONGODB_URL: 'MongoDB connection string for the read models; unset: in-process read models',
  CAL_EXTENDED_ADDON: 'true to enable the extended add-on (venue coordinates and geolocation filters; default false)',
  CAL_CHANGES_HEARTBEAT_MS:
    'milliseconds of silence after which GET /changes sends a heartbeat comment (default 15000)',
  CAL_READ_YOUR_WRITES_TIMEOUT_MS:
    'how long a write waits for the read model to reflect it (default 5000); then it answers ' +
    'with X-Cal-Read-Your-Writes: timeout',
  CAL_READY_MAX_LAG_SECONDS:
    '/ready answers 503 while the read model lags the store by more than this many seconds (default 5)',
  CAL_SHUTDOWN_GRACE_MS:
    'on SIGTERM/SIGINT, how long in-flight requests may take before connections are cut (default 10000)',
  CAL_AUTH_MAX_FAILURES:
    'failed Basic-auth attempts one client address may make per window before getting 429 (default 10; 0: no limit)',
  CAL_AUTH_FAILURE_WINDOW_SECONDS:
    'the sliding window, in seconds, in which failed Basic-auth attempts are counted (default 60)',
  CAL_UNLOCK_MAX_FAILURES:
    'failed unlocks (a password parameter that opens none of the protected items it was tried ' +
    'on) one client address may make per window before getting 429 (default 10; 0: no limit)',
  CAL_UNLOCK_FAILURE_WINDOW_SECONDS: 'the sliding window, in seconds, in which failed unlocks are counted (default 60)',
  CAL_TRUST_PROXY:
    'true behind a reverse proxy that appends the client address to X-Forwarded-For: failed ' +
    'logins are then counted per that address (default false: the socket address)',
  CAL_CORS_ORIGINS:
    'browser origins allowed to read responses: unset or empty: none (CORS off); *: any, ' +
    'reflected; or a comma-separated list of exact origins',
  CAL_MIN_FREE_DISK_MB:
    'the embedded store answers writes with 503 while the disk holding CAL_DATA_DIR has less ' +
    'free space than this many MiB, and takes them again once there is (default 64; 0: never ' +
    'refuse)',
  CAL_READ_MODEL_SNAPSHOT:
    'embedded only: on to save the in-memory read model to CAL_DATA_DIR/read-model.snapshot at ' +
    'graceful shutdown and start from it (plus the events written since) instead of replaying ' +
    'the whole store; off: always replay (default on)',
  CAL_READ_MODEL_SNAPSHOT_INTERVAL:
    'embedded, snapshots on: seconds between snapshots written in the background while the read model moves, so ' +
    'that a crash restarts from the last one plus the events since (default 60; 0: only at graceful shutdown)',
  CAL_HEAP_SETTLE_SECONDS:
    'seconds without writes after which a full garbage collection gives the memory a burst of writes grew back to ' +
    'the system, pausing requests meanwhile (default 0: never)',
  CAL_RECURRENCE_HORIZON_MONTHS:
    'how many months ahead of now the occurrences of a series without COUNT or UNTIL are planned (default 24)',
  CAL_RECURRENCE_MAX_OCCURRENCES:
    'most occurrences a recurring series may have within the horizon; a rule giving more is refused with 400 ' +
    '(default 1000)',
  CAL_ICAL_MAX_EVENTS:
    'most events one events.ics calendar feed holds; when more match, the nearest in time are kept (default 5000)',
  CAL_ICS_MAX_BYTES: 'largest calendar file POST events.ics imports, in bytes; larger ones get 413 (default 10485760)',
  CAL_ICS_MAX_COMPONENTS:
    'most components (BEGIN: lines) one imported calendar file may hold; more get 413 (default 20000)',
  CAL_SCHEDULER:
    'on to publish future events, venues and organizers when their date passes, in the ' +
    'all-in-one service and the projector role (never in an api instance); off: they stay ' +
    'future until an update (default on)',
  CAL_HISTORY_MAX_READS:
    'as_of reads and /history pages one client address may make per window before getting 429 ' +
    '(default 120; 0: no limit)',
  CAL_HISTORY_READ_WINDOW_SECONDS: 'the window, in seconds, over which those reads are counted (default 60)',
  CAL_CHANGES_MAX_FEEDS:
    'open GET /changes feeds allowed at once in this process; beyond it new feeds get 503 (default 100)',
  CAL_CHANGES_MAX_FEEDS_PER_USER:
    'open GET /changes feeds one user may hold at once; beyond it new feeds get 503 (default 4)',
  CAL_CHANGES_BUFFER_BYTES:
    'bytes a change feed may hold for a client that does not read before it stops reading the store (default 262144)',
  LOG_LEVEL: `pino log level: ${logLevels.join(', ')} (default info)`,
} as const;

const Level = t.keyof(
  Object.fromEntries(logLevels.map((level) => [level, null])) as Record<LogLevel, null>,
  'LogLevel',
);
const decoders: Record<keyof typeof variables, t.Decoder<unknown, unknown>> = {
  PORT: Port,
  HOST: NonEmpty,
  CAL_DATA_DIR: NonEmpty,
  CAL_PUBLIC_URL: Url,
  CAL_TIMEZONE: Zone,
  CAL_ADMIN_PASSWORD: NonEmpty,
  CAL_EVENTSTORE_URL: NonEmpty,
  CAL_MONGODB_URL: NonEmpty,
  CAL_EXTENDED_ADDON: Flag,
  CAL_CHANGES_HEARTBEAT_MS: Milliseconds,
  CAL_READ_YOUR_WRITES_TIMEOUT_MS: Milliseconds,
  CAL_READY_MAX_LAG_SECONDS: Seconds,
  CAL_SHUTDOWN_GRACE_MS: Milliseconds,
  CAL_AUTH_MAX_FAILURES: wholeNumber('MaxFailures', 0, 1000),
  CAL_AUTH_FAILURE_WINDOW_SECONDS: wholeNumber('WindowSeconds', 1, 86_400),
  CAL_UNLOCK_MAX_FAILURES: wholeNumber('MaxFailures', 0, 1000),
  CAL_UNLOCK_FAILURE_WINDOW_SECONDS: wholeNumber('WindowSeconds', 1, 86_400),
  CAL_CORS_ORIGINS: Origins,
  CAL_TRUST_PROXY: Flag,
  CAL_MIN_FREE_DISK_MB: wholeNumber('FreeDiskMegabytes', 0, 999_999_999),
  CAL_READ_MODEL_SNAPSHOT: OnOff,
  CAL_READ_MODEL_SNAPSHOT_INTERVAL: wholeNumber('IntervalSeconds', 0, 86_400),
  CAL_HEAP_SETTLE_SECONDS: wholeNumber('SettleSeconds', 0, 86_400),
  CAL_SCHEDULER: OnOff,
  CAL_RECURRENCE_HORIZON_MONTHS: wholeNumber('HorizonMonths', 1, 120),
  CAL_RECURRENCE_MAX_OCCURRENCES: wholeNumber('MaxOccurrences', 1, 100_000),
  CAL_ICAL_MAX_EVENTS: wholeNumber('MaxEvents', 1, 1_000_000),
  CAL_ICS_MAX_BYTES: wholeNumber('MaxBytes', 1, 1_073_741_824),
  CAL_ICS_MAX_COMPONENTS: wholeNumber('MaxComponents', 1, 10_000_000),
  CAL_HISTORY_MAX_READS: wholeNumber('MaxReads', 0, 1_000_000),
  CAL_HISTORY_READ_WINDOW_SECONDS: wholeNumber('WindowSeconds', 1, 86_400),
  CAL_CHANGES_MAX_FEEDS: wholeNumber('MaxFeeds', 1, 100_000),
  CAL_CHANGES_MAX_FEEDS_PER_USER: wholeNumber('MaxFeeds', 1, 100_000),
  CAL_CHANGES_BUFFER_BYTES: wholeNumber('Bytes', 16_384, 268_435_456),
  LOG_LEVEL: Level,
};

export class ConfigError extends Error {}

export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const values: Partial<Record<keyof typeof variables, unknown>> = {};
  const problems: string[] = [];
  for (const name of Object.keys(decoders) as (keyof typeof variables)[]) {
    const raw = env[name];
    if (raw === undefined) continue;
    const decoded = decoders[name].decode(raw);
    if (decoded._tag === 'Right') values[name] = decoded.right;
    else
      problems.push(
        `${name}=${JSON.stringify(raw)} is not ` +
          `${decoded.left[0]?.message ?? `one of ` + `${Object.keys(Level.keys).join(', ')}`}`,
      );
  }
  if (problems.length > 0) throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  const port = (values.PORT as number | undefined) ?? 8080;
  const host = (values.HOST as string | undefined) ?? '127.0.0.1';
  return {
    port,
    host,
    dataDir: (values.CAL_DATA_DIR as string | undefined) ?? './data',
    publicUrl: (values.CAL_PUBLIC_URL as string | undefined) ?? defaultPublicUrl(host, port),
    timeZone: (values.CAL_TIMEZONE as string | undefined) ?? 'UTC',
    extendedAddOn: (values.CAL_EXTENDED_ADDON as boolean | undefined) ?? false,
    changesHeartbeatMs: (values.CAL_CHANGES_HEARTBEAT_MS as number | undefined) ?? 15_000,
    readYourWritesTimeoutMs: (values.CAL_READ_YOUR_WRITES_TIMEOUT_MS as number | undefined) ?? 5000,
    readyMaxLagSeconds: (values.CAL_READY_MAX_LAG_SECONDS as number | undefined) ?? 5,
    shutdownGraceMs: (values.CAL_SHUTDOWN_GRACE_MS as number | undefined) ?? 10_000,
    logLevel: (values.LOG_LEVEL as LogLevel | undefined) ?? 'info',
    authMaxFailures: (values.CAL_AUTH_MAX_FAILURES as number | undefined) ?? 10,
    authFailureWindowSeconds: (values.CAL_AUTH_FAILURE_WINDOW_SECONDS as number | undefined) ?? 60,
    unlockMaxFailures: (values.CAL_UNLOCK_MAX_FAILURES as number | undefined) ?? 10,
    unlockFailureWindowSeconds: (values.CAL_UNLOCK_FAILURE_WINDOW_SECONDS as number | undefined) ?? 60,
    corsOrigins: (values.CAL_CORS_ORIGINS as CorsOrigins | undefined) ?? [],
    trustProxy: (values.CAL_TRUST_PROXY as boolean | undefined) ?? false,
    minFreeDiskMb: (values.CAL_MIN_FREE_DISK_MB as number | undefined) ?? 64,
    readModelSnapshot: (values.CAL_READ_MODEL_SNAPSHOT as boolean | undefined) ?? true,
    readModelSnapshotIntervalSeconds: (values.CAL_READ_MODEL_SNAPSHOT_INTERVAL as number | undefined) ?? 60,
    // Off unless asked for: the settle is a pause of the main thread that reads arriving meanwhile wait for.
    heapSettleSeconds: (values.CAL_HEAP_SETTLE_SECONDS as number | undefined) ?? 0,
    scheduler: (values.CAL_SCHEDULER as boolean | undefined) ?? true,
    recurrenceHorizonMonths: (values.CAL_RECURRENCE_HORIZON_MONTHS as number | undefined) ?? 24,
    recurrenceMaxOccurrences: (values.CAL_RECURRENCE_MAX_OCCURRENCES as number | undefined) ?? 1000,
    icalMaxEvents: (values.CAL_ICAL_MAX_EVENTS as number | undefined) ?? 5000,
    icsMaxBytes: (values.CAL_ICS_MAX_BYTES as number | undefined) ?? 10_485_760,
    icsMaxComponents: (values.CAL_ICS_MAX_COMPONENTS as number | undefined) ?? 20_000,
    historyMaxReads: (values.CAL_HISTORY_MAX_READS as number | undefined) ?? 120,
    historyReadWindowSeconds: (values.CAL_HISTORY_READ_WINDOW_SECONDS as number | undefined) ?? 60,
    changesMaxFeeds: (values.CAL_CHANGES_MAX_FEEDS as number | undefined) ?? 100,
    changesMaxFeedsPerUser: (values.CAL_CHANGES_MAX_FEEDS_PER_USER as number | undefined) ?? 4,
    changesBufferBytes: (values.CAL_CHANGES_BUFFER_BYTES as number | undefined) ?? 262_144,
    ...(values.CAL_ADMIN_PASSWORD !== undefined ? { adminPassword: values.CAL_ADMIN_PASSWORD as string } : {}),
    ...(values.CAL_EVENTSTORE_URL !== undefined ? { eventStoreUrl: values.CAL_EVENTSTORE_URL as string } : {}),
    ...(values.CAL_MONGODB_URL !== undefined ? { mongoUrl: values.CAL_MONGODB_URL as string } : {}),
  };
}

/**
 * The public origin when CAL_PUBLIC_URL is unset: the address the service listens on. A wildcard address (all
 * interfaces) names no host a client could use, so `localhost` stands in; IPv6 literals get their brackets.
 */
export function defaultPublicUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::') return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The API and projector roles share their stores over the network: both URLs are required, named when missing. */
export function checkRole(config: Config, role: ServiceRole): void {
  if (role === 'all') return;
  const missing = [
    config.eventStoreUrl ? undefined : 'CAL_EVENTSTORE_URL',
    config.mongoUrl ? undefined : 'CAL_MONGODB_URL',
  ].filter(Boolean);
  if (missing.length > 0)
    throw new ConfigError(
      `invalid configuration: the ${role} role needs ${missing.join(' and ')} (the embedded store ` +
        `and read model live in one process: use npm start)`,
    );
}

/** The horizon and maximum of recurring series, as the commands take them. */
export const recurrenceSettingsOf = (config: Config) => ({
  horizonMonths: config.recurrenceHorizonMonths,
  maxOccurrences: config.recurrenceMaxOccurrences,
});
