// The benchmark report: ratios and error flags reach the table, targets are judged (for reading only), JSON is written.
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatReport, writeResults } from '../../bench/report.ts';
import { targetChecks } from '../../bench/targets.ts';
import type { BenchResults } from '../../bench/benchResults.ts';
import type { Measurement } from '../../bench/rounds.ts';
import type { LevelResult, ScenarioResult } from '../../bench/scenarioRunner.ts';
import { quickShape } from '../../bench/seedShape.ts';

const measurement = (requestsPerSecond: number, problems: Partial<Measurement> = {}): Measurement => ({
  requestsPerSecond,
  p50Ms: 1.5,
  p99Ms: 8,
  rounds: 3,
  ok: requestsPerSecond * 30,
  non2xx: 0,
  errors: 0,
  otherStatuses: {},
  flagged: false,
  broken: false,
  ...problems,
});
const level = (connections: number, service: Measurement, bareRate: number): LevelResult => ({
  connections,
  service,
  bare: { ...measurement(bareRate), bytes: 4000 },
  ratioToBare: service.requestsPerSecond / bareRate,
});
const scenario = (key: string, label: string, levels: LevelResult[]): ScenarioResult => ({
  key,
  label,
  method: 'GET',
  responseBytes: 4000,
  listTotal: 12,
  levels,
});
const times = { listeningMs: 1000, readyMs: 1100, caughtUpMs: 1200 };

function results(scenarios: ScenarioResult[]): BenchResults {
  return {
    mode: 'full',
    machine: {
      cpuModel: 'Test CPU',
      cpuCount: 2,
      memoryGb: 8,
      node: 'v20',
      platform: 'linux',
      date: '2026-11-22T10:00:00.000Z',
      loadAverageAtStart: 0.5,
    },
    loadAverageAtEnd: 0.7,
    machineSpeed: {
      atStart: { workPerSecond: 9_000, workPerCpuSecond: 9_100 },
      atEnd: { workPerSecond: 6_500, workPerCpuSecond: 9_050 },
      stealPercent: 12.5,
    },
    timing: {
      scenarios: { warmupSeconds: 2, rounds: 3, roundSeconds: 10 },
      references: { warmupSeconds: 1, rounds: 3, roundSeconds: 5 },
    },
    dataSet: {
      shape: { ...quickShape, events: 100_000 },
      publishedEvents: 98_000,
      storeEvents: 300_000,
      eventTypes: {},
      seedSeconds: 10,
      seedEventsPerSecond: 30_000,
    },
    replay: {
      runner: { events: 300_000, seconds: 1, eventsPerSecond: 300_000, rssMegabytes: 500 },
      replayInto: { events: 300_000, seconds: 2, eventsPerSecond: 150_000, rssMegabytes: 500 },
    },
    appendRate: { appenders: 64, appendsPerSecond: 20_000, p50Ms: 2, p99Ms: 5, rounds: [] },
    emptyStart: { storeEvents: 0, calendarEvents: 0, times, rssMegabytes: 100, anonymousRssMegabytes: 60 },
    seededStart: times,
    scenarios,
    createRatioToRawAppends: 0.3,
    memory: {
      serviceRssAfterReadsMb: 350,
      serviceRssAfterWritesMb: 380,
      emptyServiceRssMb: 100,
      rssPer100kEventsMb: 350,
      marginalRssPer100kEventsMb: 250,
      serviceAnonymousRssAfterReadsMb: 260,
      serviceAnonymousRssAfterWritesMb: 290,
      emptyServiceAnonymousRssMb: 60,
      marginalAnonymousRssPer100kEventsMb: 200,
    },
    restart: {
      storeEvents: 1_000_000,
      calendarEvents: 330_000,
      seedSeconds: 30,
      seedEventsPerSecond: 33_000,
      coldStart: { times: { ...times, caughtUpMs: 16_000 }, rssMegabytes: 950, anonymousRssMegabytes: 700 },
      stopSeconds: 4,
      snapshotBytes: 180_000_000,
      times: { ...times, caughtUpMs: 12_000 },
      rssMegabytes: 900,
      anonymousRssMegabytes: 650,
    },
    migration: {
      sourceEvents: 20_000,
      eventsCreated: 20_000,
      otherItemsCreated: 680,
      failed: 0,
      retries: 2,
      importSeconds: 80,
      processSeconds: 82.5,
      eventsPerSecond: 250,
    },
    problems: [],
    broken: false,
  };
}

describe('bench report', () => {
  const good = scenario('listDefault', 'GET /events (default window)', [
    level(1, measurement(800), 2000),
    level(16, measurement(3000), 5000),
  ]);
  const failing = scenario('getEvent', 'GET /events/{id}', [
    level(16, measurement(2000, { non2xx: 7, flagged: true }), 8000),
    level(64, measurement(0, { ok: 0, non2xx: 90, flagged: true, broken: true }), 9000),
  ]);

  it('prints each level with its ratio to the bare Koa route, and marks errors', () => {
    const report = formatReport(results([good, failing]));
    expect(report).to.match(/GET \/events \(default window\)\s+1\s+800\s+1\.50\s+8\.00\s+2,000\s+0\.40/);
    expect(report).to.match(/GET \/events\/\{id\}\s+16\s+2,000 .*0\.25 .*! 7 non-2xx, 0 errors$/m);
    expect(report).to.match(/^\s+64\s+0 .*BROKEN$/m);
    expect(report).to.include('Test CPU, 2 CPUs');
  });

  it('shows the cold start, the stop that writes the snapshot, and the restart from it', () => {
    const report = formatReport(results([good]));
    expect(report).to.match(/cold start, 1,000,000 store events \(full replay\)\s+16\.00 s/);
    expect(report).to.match(/graceful stop \(writes the read-model snapshot\)\s+4\.00 s\s+snapshot 180\.0 MB/);
    expect(report).to.match(/restart, 1,000,000 store events \(snapshot\)\s+12\.00 s/);
  });

  it('shows the rate of cal import from a source service, and what it created', () => {
    const report = formatReport(results([good]));
    expect(report).to.match(
      /cal import, 20,000 events from a source service\s+250 events\/s\s+20,000 events and 680 other items created in 80\.0 s \(process 82\.5 s\), 0 failed, 2 retries/,
    );
  });

  it('judges the targets without asserting them: worst read scenario at c=16, caught-up time of the restart', () => {
    const checks = targetChecks(results([good, failing]));
    const byTarget = (start: string) => checks.find((check) => check.target.startsWith(start));
    expect(byTarget('reads at c=16 ≥ 50%')).to.include({ measured: '25%', met: false });
    expect(byTarget('replay')).to.include({ met: true });
    expect(byTarget('ready within 10 s')).to.include({ measured: '12.0 s', met: false });
    expect(byTarget('< 300 MB RSS')).to.include({ met: false });
    expect(byTarget('< 300 MB per 100k events in the read model')).to.include({ measured: '200 MB', met: true });
  });

  it('gives the machine speed at both ends of the run and the steal time, to compare runs by', () => {
    const report = formatReport(results([]));
    expect(report).to.include('9,000 / 9,100 at start, 6,500 / 9,050 at end; hypervisor steal over the run 12.5%');
  });

  it('gives the anonymous memory beside the RSS', () => {
    expect(formatReport(results([good]))).to.match(
      /Anonymous memory .* after the reads 260 MB: 200 MB per 100k events above an empty service of 60 MB/,
    );
    expect(formatReport(results([good]))).to.include('after the writes 380 MB (anonymous 290 MB)');
  });

  it('writes the JSON with the target checks, creating the directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cal-bench-report-'));
    try {
      const path = join(dir, 'results', 'latest.json');
      writeResults(results([good]), path);
      const written = JSON.parse(readFileSync(path, 'utf8')) as { scenarios: unknown[]; targets: unknown[] };
      expect(written.scenarios).to.have.length(1);
      expect(written.targets).to.have.length(targetChecks(results([good])).length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
