// The benchmark's output: a readable table for people, and JSON (printed and written to bench/results/) for tools.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BenchResults } from './benchResults.ts';
import type { LevelResult, ScenarioResult } from './scenarioRunner.ts';
import { targetChecks } from './targets.ts';

const count = (value: number) => Math.round(value).toLocaleString('en');
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const seconds = (valueMs: number) => `${(valueMs / 1000).toFixed(2)} s`;
const share = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(2));

/** Text columns are left-aligned, figures right-aligned; `figureColumns` says which are figures. */
function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  figureColumns: readonly number[],
): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        figureColumns.includes(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].map((text) => `  ${text}`);
}

function scenarioRow(scenario: ScenarioResult, level: LevelResult, first: boolean): string[] {
  const { service, bare } = level;
  const problems = service.broken
    ? 'BROKEN'
    : service.flagged
      ? `! ${count(service.non2xx)} non-2xx, ${count(service.errors)} errors`
      : '';
  return [
    first ? scenario.label : '',
    String(level.connections),
    count(service.requestsPerSecond),
    ms(service.p50Ms),
    ms(service.p99Ms),
    count(bare.requestsPerSecond),
    share(level.ratioToBare),
    level.serviceCpuMsPerRequest === undefined ? '' : level.serviceCpuMsPerRequest.toFixed(3),
    first ? count(scenario.responseBytes) : '',
    first && scenario.listTotal !== undefined ? count(scenario.listTotal) : '',
    problems,
  ];
}

/** `cal import` into an empty target: the rate over the import's own time, and what it did. */
function migrationRow(migration: BenchResults['migration']): string[] {
  return [
    `cal import, ${count(migration.sourceEvents)} events from a source service`,
    `${count(migration.eventsPerSecond)} events/s`,
    `${count(migration.eventsCreated)} events and ${count(migration.otherItemsCreated)} other items created in ` +
      `${migration.importSeconds.toFixed(1)} s (process ${migration.processSeconds.toFixed(1)} s), ` +
      `${migration.failed} failed, ${migration.retries} retries`,
  ];
}

/** The HTTP scenarios' table: one row per scenario and concurrency level. */
export function scenarioTable(scenarios: readonly ScenarioResult[]): string[] {
  const rows = scenarios.flatMap((scenario) =>
    scenario.levels.map((level, index) => scenarioRow(scenario, level, index === 0)),
  );
  return table(
    ['scenario', 'c', 'req/s', 'p50 ms', 'p99 ms', 'bare req/s', 'ratio', 'cpu ms/req', 'body B', 'total', 'problems'],
    rows,
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
  );
}

/** The machine's own speed at both ends of the run: compare figures across runs only when these agree. */
function machineSpeedLine(speed: BenchResults['machineSpeed'] | undefined): string {
  if (!speed) return 'Machine speed: not measured';
  const steal = speed.stealPercent === undefined ? 'not readable' : `${speed.stealPercent}%`;
  return (
    'Machine speed (bench/machineSpeed.ts, fixed work per wall s / per CPU s): ' +
    `${count(speed.atStart.workPerSecond)} / ${count(speed.atStart.workPerCpuSecond)} at start, ` +
    `${count(speed.atEnd.workPerSecond)} / ` +
    `${count(speed.atEnd.workPerCpuSecond)} at end; hypervisor steal over the run ${steal}`
  );
}

export function formatReport(results: BenchResults): string {
  const { machine, dataSet, replay, appendRate, emptyStart, seededStart, restart, memory, timing } = results;
  const { shape } = dataSet;
  const startLine = (times: { listeningMs: number; readyMs: number; caughtUpMs: number }) =>
    `listening ${seconds(times.listeningMs)}, /ready 200 ${seconds(times.readyMs)}, caught up ` +
    `${seconds(times.caughtUpMs)}`;
  const targets = targetChecks(results);
  return [
    `Calendar events service benchmark: ${results.mode} mode, ${machine.date}`,
    `Machine: ${machine.cpuModel}, ${machine.cpuCount} CPUs, ${machine.memoryGb} GB, Node ` +
      `${machine.node}, ${machine.platform}; ` +
      `load average ${machine.loadAverageAtStart} at start, ${results.loadAverageAtEnd} at end`,
    machineSpeedLine(results.machineSpeed),
    '',
    `Data set: ${count(shape.events)} events (${count(dataSet.publishedEvents)} published) over ` +
      `three years, ${count(shape.venues)} venues, ` +
      `${count(shape.organizers)} organizers, ${count(shape.categories)} categories in three levels, ` +
      `${count(shape.tags)} tags; ` +
      'English 50%, Spanish 25%, Catalan 25%, in translation groups',
    `  ${count(dataSet.storeEvents)} store events, seeded through the store in ` +
      `${dataSet.seedSeconds.toFixed(1)} s (${count(dataSet.seedEventsPerSecond)} events/s)`,
    '',
    'Store and start-up',
    ...table(
      ['measurement', 'figure', 'detail'],
      [
        [
          'replay, ProjectionRunner (service start)',
          `${count(replay.runner.eventsPerSecond)} events/s`,
          `${count(replay.runner.events)} events in ${replay.runner.seconds.toFixed(1)} s, RSS ` +
            `${count(replay.runner.rssMegabytes)} MB`,
        ],
        [
          'replay, replayInto (cal rebuild/verify)',
          `${count(replay.replayInto.eventsPerSecond)} events/s`,
          `${count(replay.replayInto.events)} events in ${replay.replayInto.seconds.toFixed(1)} s`,
        ],
        [
          `raw durable appends, ${appendRate.appenders} appenders`,
          `${count(appendRate.appendsPerSecond)} appends/s`,
          `p50 ${ms(appendRate.p50Ms)} ms, p99 ${ms(appendRate.p99Ms)} ms`,
        ],
        [
          'start, empty store',
          seconds(emptyStart.times.caughtUpMs),
          `${startLine(emptyStart.times)}; RSS ${count(emptyStart.rssMegabytes)} MB`,
        ],
        [`start, ${count(dataSet.storeEvents)} store events`, seconds(seededStart.caughtUpMs), startLine(seededStart)],
        [
          `cold start, ${count(restart.storeEvents)} store events (full replay)`,
          seconds(restart.coldStart.times.caughtUpMs),
          `${startLine(restart.coldStart.times)}; ` +
            `RSS ${count(restart.coldStart.rssMegabytes)} MB with ${count(restart.calendarEvents)} calendar events ` +
            `(${count(restart.coldStart.rssMegabytes / Math.max(1, restart.calendarEvents / 100_000))} MB per 100k)`,
        ],
        [
          'graceful stop (writes the read-model snapshot)',
          `${restart.stopSeconds.toFixed(2)} s`,
          `snapshot ${(restart.snapshotBytes / 1_000_000).toFixed(1)} MB`,
        ],
        [
          `restart, ${count(restart.storeEvents)} store events (snapshot)`,
          seconds(restart.times.caughtUpMs),
          `${startLine(restart.times)}; RSS ${count(restart.rssMegabytes)} MB`,
        ],
        migrationRow(results.migration),
      ],
      [1],
    ),
    '',
    `HTTP scenarios: median of ${timing.scenarios.rounds} round(s) of ` +
      `${timing.scenarios.roundSeconds} s after ${timing.scenarios.warmupSeconds} s warm-up ` +
      `(bare Koa: ${timing.references.rounds} × ${timing.references.roundSeconds} s); ratio = req/s ` +
      `÷ bare Koa req/s, answering a copy of the scenario's answer (same body and headers), same concurrency`,
    ...scenarioTable(results.scenarios),
    `  POST /events at c=64 ÷ raw durable appends: ${share(results.createRatioToRawAppends)}`,
    '',
    `Memory: service RSS after the reads ${count(memory.serviceRssAfterReadsMb)} MB with ` +
      `${count(shape.events)} events` +
      `${results.mode === 'quick' ? ' (too few for a per-100k figure to mean much)' : ''}: ` +
      `${count(memory.rssPer100kEventsMb)} MB per 100k events ` +
      `(${count(memory.marginalRssPer100kEventsMb)} MB per 100k above an empty service of ` +
      `${count(memory.emptyServiceRssMb)} MB); after the writes ` +
      `${count(memory.serviceRssAfterWritesMb)} MB (anonymous ${count(memory.serviceAnonymousRssAfterWritesMb)} MB). ` +
      `Anonymous memory ` +
      `(RSS without the mapped store file and binaries) after the reads ` +
      `${count(memory.serviceAnonymousRssAfterReadsMb)} MB: ` +
      `${count(memory.marginalAnonymousRssPer100kEventsMb)} MB per 100k events above an empty ` +
      `service of ${count(memory.emptyServiceAnonymousRssMb)} MB`,
    '',
    'Targets of issue 7 (for reading only; nothing asserts them)',
    ...table(
      ['target', 'measured', 'met'],
      targets.map((check) => [check.target, check.measured, check.met ? 'yes' : 'no']),
      [1],
    ),
    ...(results.problems.length > 0 ? ['', 'Problems', ...results.problems.map((problem) => `  ${problem}`)] : []),
  ].join('\n');
}

/** The JSON of a run, targets included; written where the mode's results live. */
export function writeResults(results: BenchResults, path: string): string {
  const json = JSON.stringify({ ...results, targets: targetChecks(results) }, null, 2);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${json}\n`);
  return json;
}
