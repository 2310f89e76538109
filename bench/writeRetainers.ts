// `node --experimental-websocket --import tsx bench/writeRetainers.ts [--quick] [--scenario=<key>] [--connections=N]
// [--gap=<ms>] [--keep=<dir>] [--service-flag=<flag>]...`: does anything in the service keep what a write made after
// the write ended? It drives the write scenario (createEvent by default) against the real service (started like
// `npm start`) and takes three heap snapshots during the load, `--gap` ms (500) of writes apart. Heap objects keep
// their ids across snapshots, so the objects of the second snapshot made after the first and gone at the third are
// those held for a while and then let go: it prints them by kind and by the holder that keeps them (the first node
// above them on a shortest path from the roots that is not one of them). A snapshot follows real references only
// (it collects first): what survives scavenges through dead old objects (an obsolete table still pointing at its
// entries) does not show here, only in bench/writeSurvivors.ts's figures.
import { join } from 'node:path';
import { modeOf } from './benchMode.ts';
import { withInspectedWrites } from './inspectedWrites.ts';
import { loadSnapshot, retainingPaths, tallyOf, transientNodes, type Snapshot } from './snapshotPaths.ts';

const mode = modeOf(process.argv);
const optionOf = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const scenarioKey = optionOf('scenario') ?? 'createEvent';
const keepDir = optionOf('keep');
/** Milliseconds of writes between two snapshots. */
const gapMs = Number(optionOf('gap') ?? 500);
const serviceFlags = process.argv.filter((arg) => arg.startsWith('--service-flag=')).map((arg) => arg.slice(15));
const connectionsOption = optionOf('connections');
const settings = {
  mode,
  dirPrefix: 'cal-bench-retainers-',
  serviceFlags,
  scenarioKey,
  connections: connectionsOption === undefined ? undefined : Number(connectionsOption),
};

await withInspectedWrites(settings, async ({ dir, service, load, inspector, scenario, connections }) => {
  const timing = { warmupSeconds: 0, rounds: 1, roundSeconds: 30 };
  const spec = { origin: service.origin, plan: scenario.plan, headers: scenario.headers, connections, ...timing };
  const running = load.run(spec);
  const paths: string[] = [];
  for (const [name, pauseMs] of [
    ['a', 3000],
    ['b', gapMs],
    ['c', gapMs],
  ] as const) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    paths.push(join(keepDir ?? dir, `${name}.heapsnapshot`));
    await inspector.writeHeapSnapshot(paths.at(-1) as string);
  }
  const result = await running;
  console.log(`${scenario.label} c=${connections}: ${result.rounds.reduce((sum, r) => sum + r.ok, 0)} writes`);
  const [first, second, third] = paths.map((path) => loadSnapshot(path)) as [Snapshot, Snapshot, Snapshot];
  const transient = transientNodes(first, second, third);
  console.log(
    `${transient.newer} nodes of the second snapshot were made after the first; ` +
      `${transient.nodes.size} of them are gone at the third:`,
  );
  for (const [kind, { count, bytes }] of tallyOf(second, transient.nodes).slice(0, 30))
    console.log(`${String(count).padStart(8)} ${String(bytes).padStart(10)} B  ${kind}`);
  console.log('their shortest retaining paths (holders only):');
  for (const [route, count] of retainingPaths(second, (node) => transient.nodes.has(node), 6).slice(0, 40))
    console.log(`${String(count).padStart(7)}  ${route}`);
});
