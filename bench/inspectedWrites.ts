// What bench/writeSurvivors.ts and bench/writeRetainers.ts share: a fresh data directory seeded with the bench's data
// set, the service started on it as `npm start` is (plus the caller's flags) under the inspector, a load generator,
// and the write scenario asked for. All of it is closed, and the directory removed, when the caller's work ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import { ensureBuilt } from '../scripts/ensureBuilt.mjs';
import type { BenchMode } from './benchMode.ts';
import { InspectorClient } from './inspectorClient.ts';
import { LoadGenerator } from './load.ts';
import { startScriptNodeFlags } from './nodeProcesses.ts';
import { scenariosFor, type Scenario } from './scenarios.ts';
import { seed } from './seed.ts';
import { layoutOf } from './seedShape.ts';
import { startServiceProcess, type ServiceProcess } from './serviceProcess.ts';

export interface InspectedWritesSettings {
  readonly mode: BenchMode;
  /** Names the scratch directory (`<tmp>/<dirPrefix>XXXXXX`). */
  readonly dirPrefix: string;
  /** Node flags after the start script's own. */
  readonly serviceFlags: readonly string[];
  readonly scenarioKey: string;
  /** Connections of the load; default the scenario's highest level. */
  readonly connections?: number | undefined;
  /** A file in the scratch directory that the service's stdout is copied to (V8's `--trace-gc*` lines go there). */
  readonly stdoutName?: string;
}

export interface InspectedWrites {
  readonly dir: string;
  readonly service: ServiceProcess;
  readonly load: LoadGenerator;
  readonly inspector: InspectorClient;
  readonly scenario: Scenario;
  readonly connections: number;
  /** Where the service's stdout went, when `stdoutName` was given. */
  readonly stdoutFile: string | undefined;
}

export async function withInspectedWrites(
  settings: InspectedWritesSettings,
  use: (parts: InspectedWrites) => Promise<void>,
): Promise<void> {
  if (!ensureBuilt()) throw new Error('the build of src/ failed');
  const scenario = scenariosFor(layoutOf(settings.mode.shape), new Date()).find((s) => s.key === settings.scenarioKey);
  if (!scenario) throw new Error(`unknown scenario ${settings.scenarioKey}`);
  const connections = settings.connections ?? Math.max(...scenario.connectionLevels);
  const inspectorPort = 20_000 + (process.pid % 20_000);
  const dir = mkdtempSync(join(tmpdir(), settings.dirPrefix));
  try {
    const store = await openLmdbEventStore(join(dir, 'events'));
    await seed(store, settings.mode.shape, new Date());
    await store.close();
    const flags = [...startScriptNodeFlags(), ...settings.serviceFlags, `--inspect=127.0.0.1:${inspectorPort}`];
    const stdoutFile = settings.stdoutName === undefined ? undefined : join(dir, settings.stdoutName);
    const service = await startServiceProcess(flags, dir, settings.mode.startDeadlineMs, {}, stdoutFile);
    const load = new LoadGenerator(startScriptNodeFlags());
    const inspector = await InspectorClient.connect(inspectorPort);
    try {
      await use({ dir, service, load, inspector, scenario, connections, stdoutFile });
    } finally {
      inspector.close();
      await load.close();
      await service.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
