// `node --experimental-websocket --import tsx bench/writeSurvivors.ts [--quick] [--seconds=N] [--scenario=<key>]
// [--connections=N] [--top=N] [--promoted] [--service-flag=<flag>]...`: what a burst of writes leaves for the garbage
// collector in the real service process (started like `npm start`, driven over HTTP by the load generator; an
// in-process run shares its heap with its own load). During N seconds (10) of the write scenario (createEvent by
// default; updateEvent) it reads the service's scavenges from `--trace-gc-nvp` (pauses per write, survived and
// promoted bytes per scavenge, promoted and allocated bytes per write), the growth of V8's used heap and its spaces,
// and runs V8's sampling heap profiler: with its default flags a sample is dropped when its object is collected, so
// the sites it prints are those of objects no collection freed in the window. `--promoted` keeps the samples that full
// collections freed (the promoted garbage, and the young garbage of their moment) and ranks the sites kept above
// their share of all allocations. `--service-flag=--initial-old-space-size=3000` keeps full collections out of the
// window, so that promoted garbage stays in the heap's figures.
import { readFileSync } from 'node:fs';
import { modeOf } from './benchMode.ts';
import { currentLoadAverage } from './machine.ts';
import { processCpuReader } from './processCpu.ts';
import { withInspectedWrites } from './inspectedWrites.ts';

const mode = modeOf(process.argv);
const optionOf = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const seconds = Number(optionOf('seconds') ?? 10);
const scenarioKey = optionOf('scenario') ?? 'createEvent';
const top = Number(optionOf('top') ?? 25);
/** `--promoted`: the samples of objects a full collection freed are kept too: the promoted garbage shows. */
const withPromotedGarbage = process.argv.includes('--promoted');
/** `--service-flag=<flag>`, repeated: Node flags added to the service's own (to compare heap settings). */
const serviceFlags = process.argv.filter((arg) => arg.startsWith('--service-flag=')).map((arg) => arg.slice(15));

interface ProfileNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly selfSize: number;
  readonly children: readonly ProfileNode[];
}

const siteOf = (node: ProfileNode) => {
  const file = node.callFrame.url.replace(/^.*\/(dist|node_modules)\//, '$1/');
  return `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
};
const ownCode = (node: ProfileNode) => /\/dist\/|\/src\//.test(node.callFrame.url);

/** Live bytes by allocating site, and by the nearest frame of the service's own code above it (its caller in src/). */
function sitesOf(root: ProfileNode): { bySite: Map<string, number>; byOwnCaller: Map<string, number> } {
  const bySite = new Map<string, number>();
  const byOwnCaller = new Map<string, number>();
  const walk = (node: ProfileNode, ownCaller: string) => {
    const own = ownCode(node) ? siteOf(node) : ownCaller;
    if (node.selfSize > 0) {
      bySite.set(siteOf(node), (bySite.get(siteOf(node)) ?? 0) + node.selfSize);
      byOwnCaller.set(own, (byOwnCaller.get(own) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, own);
  };
  walk(root, '(no own frame)');
  return { bySite, byOwnCaller };
}

const topLines = (table: Map<string, number>, writes: number) =>
  [...table.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([site, bytes]) => `  ${(bytes / writes).toFixed(0).padStart(7)} B/write  ${site}`);

/** Scavenges of the trace between two of its millisecond stamps: count, pauses, survived and promoted bytes. */
function scavengesBetween(gcTrace: string, fromMs: number, toMs: number) {
  const figures = { count: 0, pauseMs: 0, survived: 0, promoted: 0, allocated: 0, fullCount: 0, fullPauseMs: 0 };
  for (const line of readFileSync(gcTrace, 'utf8').split('\n')) {
    const stamp = Number(/\s(\d+) ms: pause=/.exec(line)?.[1] ?? NaN);
    if (!(stamp >= fromMs && stamp <= toMs)) continue;
    const value = (name: string) => Number(new RegExp(`\\s${name}=([\\d.]+)`).exec(line)?.[1] ?? 0);
    if (/ gc=s /.test(line)) {
      figures.count++;
      figures.pauseMs += value('pause');
      figures.survived += value('new_space_survived');
      figures.promoted += value('promoted');
      figures.allocated += value('allocated');
    } else if (/ gc=mc /.test(line)) {
      figures.fullCount++;
      figures.fullPauseMs += value('pause');
    }
  }
  return figures;
}

const connectionsOption = optionOf('connections');
const settings = {
  mode,
  dirPrefix: 'cal-bench-survivors-',
  serviceFlags: [...serviceFlags, '--trace-gc-nvp'],
  scenarioKey,
  connections: connectionsOption === undefined ? undefined : Number(connectionsOption),
  stdoutName: 'gc.txt',
};

await withInspectedWrites(settings, async ({ service, load, inspector, scenario, connections, stdoutFile }) => {
  const gcTrace = stdoutFile as string;
  const warmUpPlan = scenario.plan.kind === 'createEvents' ? { ...scenario.plan, runTag: 'warmup' } : scenario.plan;
  const timing = (roundSeconds: number) => ({ warmupSeconds: 0, rounds: 1, roundSeconds });
  await load.run({ origin: service.origin, plan: warmUpPlan, headers: scenario.headers, connections, ...timing(3) });
  const plan =
    scenario.plan.kind === 'updateEvents' ? { ...scenario.plan, start: scenario.plan.start + 20_000 } : scenario.plan;
  // The service's own clock of its GC trace: milliseconds since the isolate started, read through the inspector.
  const uptimeMs = async () =>
    (
      (await inspector.send('Runtime.evaluate', { expression: 'process.uptime() * 1000', returnByValue: true })) as {
        result: { value: number };
      }
    ).result.value;
  const cpu = processCpuReader(service.pid) ?? (() => NaN);
  /** One window of writes under the sampling profiler: the writes, the service's CPU ms and scavenges, the sites. */
  const sampledWindow = async (keep: { major: boolean; minor: boolean }) => {
    await inspector.send('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: keep.major,
      includeObjectsCollectedByMinorGC: keep.minor,
    });
    const heapBefore = (await inspector.memoryUsage()).heapUsed;
    const spacesBefore = await inspector.heapSpaces();
    const cpuBefore = cpu();
    const fromMs = await uptimeMs();
    const spec = { origin: service.origin, plan, headers: scenario.headers, connections, ...timing(seconds) };
    const result = await load.run(spec);
    const toMs = await uptimeMs();
    const cpuMs = cpu() - cpuBefore;
    const heapGrowth = (await inspector.memoryUsage()).heapUsed - heapBefore;
    console.log(`heap spaces (used/size MB) before: ${spacesBefore}\nafter: ${await inspector.heapSpaces()}`);
    const { profile } = (await inspector.send('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
    const writes = result.rounds.reduce((sum, round) => sum + round.ok, 0);
    return { writes, cpuMs, heapGrowth, gc: scavengesBetween(gcTrace, fromMs, toMs), ...sitesOf(profile.head) };
  };
  const window = await sampledWindow({ major: withPromotedGarbage, minor: false });
  const { writes, cpuMs, gc, bySite, byOwnCaller, heapGrowth } = window;
  const liveBytes = [...bySite.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(
    `${scenario.label} c=${connections}, ${seconds} s, load ${currentLoadAverage()}: ${writes} writes, ` +
      `${(cpuMs / Math.max(1, writes)).toFixed(3)} service CPU ms each\n` +
      `scavenges ${gc.count}: ${((gc.pauseMs / Math.max(1, writes)) * 1000).toFixed(1)} µs of pauses per write, ` +
      `${(gc.survived / Math.max(1, gc.count) / 1e6).toFixed(2)} MB survived and ` +
      `${(gc.promoted / Math.max(1, gc.count) / 1e6).toFixed(2)} MB promoted per scavenge ` +
      `(${(gc.promoted / Math.max(1, writes)).toFixed(0)} B promoted per write; ` +
      `${(gc.allocated / Math.max(1, writes)).toFixed(0)} B allocated per write); ` +
      `full collections ${gc.fullCount} (${gc.fullPauseMs.toFixed(0)} ms); ` +
      `V8's used heap grew ${(heapGrowth / Math.max(1, writes)).toFixed(0)} B per write\n` +
      `sampled and not freed${withPromotedGarbage ? ' by a scavenge' : ''}: ` +
      `${(liveBytes / Math.max(1, writes)).toFixed(0)} B per write\n` +
      `by allocating site:\n${topLines(bySite, writes).join('\n')}\n` +
      `by the nearest frame of the service's code:\n${topLines(byOwnCaller, writes).join('\n')}`,
  );
  if (withPromotedGarbage) {
    // A full collection also frees the young garbage of its moment, in proportion to what each site allocates:
    // the sites kept far above their share of all allocations are the ones whose objects were promoted.
    const all = await sampledWindow({ major: true, minor: true });
    const share = (table: Map<string, number>, count: number, site: string) => (table.get(site) ?? 0) / count;
    const allTotal = [...all.bySite.values()].reduce((sum, bytes) => sum + bytes, 0) / all.writes;
    const keptTotal = liveBytes / writes;
    const excess = [...bySite.keys()]
      .map((site) => [site, share(bySite, writes, site) - (share(all.bySite, all.writes, site) * keptTotal) / allTotal])
      .sort((a, b) => (b[1] as number) - (a[1] as number));
    console.log(
      `all allocations: ${allTotal.toFixed(0)} B per write; sites kept above their share (B per write):\n` +
        excess
          .slice(0, top)
          .map(([site, bytes]) => `  ${(bytes as number).toFixed(0).padStart(7)}  ${site as string}`)
          .join('\n'),
    );
  }
});
