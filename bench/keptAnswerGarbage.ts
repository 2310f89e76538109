// `node --max-semi-space-size=32 --min-semi-space-size=32 --import tsx bench/keptAnswerGarbage.ts [answers]
// [--sample=<file>]`: young-generation garbage and the collector's pauses per kept list answer (the p99 of kept
// answers is theirs and the socket's). An in-process service on a fixed clock (its kept list answer never retires)
// answers `answers` requests from autocannon at c=16 in its own process; with the young generation held at one size,
// each scavenge stands for one semi-space of garbage, so bytes per answer ≈ scavenges × semi-space ÷ answers.
import { spawn } from 'node:child_process';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { startTestService } from '../test/support/testService.ts';

const answers = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 100_000);
/** `--sample=<file>`: a sampling heap profile of the measured answers, young garbage included (for DevTools). */
const sampleFile = process.argv.find((arg) => arg.startsWith('--sample='))?.slice('--sample='.length);
const api = '/cal/events/v1';
const t = await startTestService();
const venue = await t.admin('POST', `${api}/venues`, { body: { venue: 'Plaça del Rei' } });
for (let n = 0; n < 10; n++) {
  const body = { title: `Concert ${n} a la plaça`, start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };
  await t.admin('POST', `${api}/events`, { body: { ...body, venue: (venue.body as { id: number }).id } });
}
const url = `${t.service.url}${api}/events`;
await (await fetch(url)).arrayBuffer();

const pauses: number[] = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR)
      pauses.push(entry.duration);
});
observer.observe({ entryTypes: ['gc'] });
const semiSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

const load = (amount: number) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['node_modules/autocannon/autocannon.js', '-c', '16', '-a', String(amount), url],
      {
        stdio: 'ignore',
      },
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`autocannon exited ${code}`))));
  });
await load(20_000); // warm-up: JIT and the collector's sizing
pauses.length = 0;
const session = new Session();
if (sampleFile !== undefined) {
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMinorGC: true,
    includeObjectsCollectedByMajorGC: true,
  } as object);
}
const cpuBefore = process.cpuUsage();
await load(answers);
const cpu = process.cpuUsage(cpuBefore);
if (sampleFile !== undefined) {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  writeFileSync(sampleFile, JSON.stringify(profile));
  session.disconnect();
}
await new Promise((resolve) => setTimeout(resolve, 100));
observer.disconnect();
const sorted = [...pauses].sort((a, b) => a - b);
const total = pauses.reduce((sum, pause) => sum + pause, 0);
console.log(
  JSON.stringify({
    answers,
    cpuMsPerAnswer: Number(((cpu.user + cpu.system) / 1000 / answers).toFixed(4)),
    scavenges: pauses.length,
    newSpaceBytes: semiSpace,
    bytesPerAnswer: Math.round((pauses.length * (semiSpace / 2)) / answers),
    scavengeMsPerThousandAnswers: Number(((total / answers) * 1000).toFixed(3)),
    scavengeMsMedian: Number((sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(2)),
    scavengeMsMax: Number((sorted.at(-1) ?? 0).toFixed(2)),
  }),
);
await t.close();
