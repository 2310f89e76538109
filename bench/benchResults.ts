// The shape of one benchmark run's results: what bench/results/latest.json holds and the table is printed from.
import type { MachineInfo } from './machine.ts';
import type { MachineSpeed } from './machineSpeed.ts';
import type { SeedShape } from './seedShape.ts';
import type { ReplayRate } from './replayRate.ts';
import type { AppendRound } from './appendRate.ts';
import type { RestartMeasurement, StartMeasurement } from './restart.ts';
import type { StartTimes } from './serviceProcess.ts';
import type { ScenarioResult } from './scenarioRunner.ts';
import type { Timing } from './benchMode.ts';
import type { MigrationRate } from './migrationRate.ts';

export interface DataSet {
  readonly shape: SeedShape;
  readonly publishedEvents: number;
  readonly storeEvents: number;
  readonly eventTypes: Readonly<Record<string, number>>;
  readonly seedSeconds: number;
  readonly seedEventsPerSecond: number;
}

export interface AppendRate {
  readonly appenders: number;
  /** Medians over the rounds. */
  readonly appendsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly rounds: readonly AppendRound[];
}

export interface Memory {
  /** After every read scenario, before any write: the service holds exactly the seeded data set. */
  readonly serviceRssAfterReadsMb: number;
  /** At the end, with the events the write scenarios created on top. */
  readonly serviceRssAfterWritesMb: number;
  readonly emptyServiceRssMb: number;
  /** RSS after the reads ÷ (seeded calendar events / 100k). */
  readonly rssPer100kEventsMb: number;
  /** (RSS after the reads − RSS of an empty service) ÷ (seeded calendar events / 100k): what the data costs. */
  readonly marginalRssPer100kEventsMb: number;
  /** The anonymous part of the RSS (no file-backed pages: the mapped store file, the binaries), after the reads. */
  readonly serviceAnonymousRssAfterReadsMb: number;
  /** The same at the end: what the writes left besides the grown store file's pages (garbage, new documents). */
  readonly serviceAnonymousRssAfterWritesMb: number;
  readonly emptyServiceAnonymousRssMb: number;
  /**
   * (anonymous RSS after the reads − an empty service's) ÷ (seeded calendar events / 100k): the read model's memory.
   */
  readonly marginalAnonymousRssPer100kEventsMb: number;
}

/** The machine's own speed (bench/machineSpeed.ts) when the run started and when it ended. */
export interface MachineSpeeds {
  readonly atStart: MachineSpeed;
  readonly atEnd: MachineSpeed;
  /** The share of CPU time the hypervisor gave to other guests over the run (absent where it cannot be read). */
  readonly stealPercent?: number;
}

export interface BenchResults {
  readonly mode: 'full' | 'quick';
  readonly machine: MachineInfo;
  readonly loadAverageAtEnd: number;
  readonly machineSpeed: MachineSpeeds;
  readonly timing: { readonly scenarios: Timing; readonly references: Timing };
  readonly dataSet: DataSet;
  readonly replay: { readonly runner: ReplayRate; readonly replayInto: ReplayRate };
  readonly appendRate: AppendRate;
  readonly emptyStart: StartMeasurement;
  /** The service started on the seeded data set, before the scenarios. */
  readonly seededStart: StartTimes;
  readonly scenarios: readonly ScenarioResult[];
  /** POST /events req/s at c=64 ÷ raw durable appends/s. */
  readonly createRatioToRawAppends: number | undefined;
  readonly memory: Memory;
  readonly restart: RestartMeasurement;
  /** `cal import` of a source service's calendar into an empty target (docs/migration.md). */
  readonly migration: MigrationRate;
  /** Broken and flagged scenarios, in words; a broken one fails the run. */
  readonly problems: readonly string[];
  readonly broken: boolean;
}
