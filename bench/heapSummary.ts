// `node --import tsx bench/heapSummary.ts <before.heapsnapshot> <after.heapsnapshot> [--retainers=<name>]`: what
// grew between two heap snapshots (bench/writeMemory.ts --snapshots writes them), by constructor or kind of node:
// count and shallow bytes, largest growth first. `--retainers` names one such kind and lists, in the second
// snapshot, who holds those nodes (the holder's kind and the edge's name), by count.
import { kindOf, loadSnapshot, type Snapshot } from './snapshotPaths.ts';

function tally(heap: Snapshot): Map<string, { count: number; bytes: number }> {
  const totals = new Map<string, { count: number; bytes: number }>();
  const selfSize = heap.json.snapshot.meta.node_fields.indexOf('self_size');
  const nodeCount = heap.nodeCount;
  for (let n = 0; n < nodeCount; n++) {
    const kind = kindOf(heap, n);
    const total = totals.get(kind) ?? { count: 0, bytes: 0 };
    total.count++;
    total.bytes += heap.json.nodes[n * heap.nodeFields + selfSize] as number;
    totals.set(kind, total);
  }
  return totals;
}

function retainersOf(heap: Snapshot, wanted: string): Map<string, number> {
  const { edges, strings, snapshot } = heap.json;
  const edgeTypes = snapshot.meta.edge_types[0];
  const nodeCount = heap.nodeCount;
  const held = new Map<string, number>();
  for (let n = 0; n < nodeCount; n++) {
    for (let e = heap.firstEdge[n] as number; e < (heap.firstEdge[n + 1] as number); e += heap.edgeFields) {
      const to = (edges[e + 2] as number) / heap.nodeFields;
      if (kindOf(heap, to) !== wanted) continue;
      const type = edgeTypes[edges[e] as number] as string;
      const name = type === 'element' || type === 'hidden' ? `[${type}]` : (strings[edges[e + 1] as number] as string);
      const key = `${kindOf(heap, n)} .${name}`;
      held.set(key, (held.get(key) ?? 0) + 1);
    }
  }
  return held;
}

const [beforePath, afterPath] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!beforePath || !afterPath) throw new Error('usage: heapSummary.ts <before> <after> [--retainers=<kind>]');
const before = tally(loadSnapshot(beforePath));
const afterHeap = loadSnapshot(afterPath);
const after = tally(afterHeap);
const growth = [...after].map(([kind, { count, bytes }]) => {
  const was = before.get(kind) ?? { count: 0, bytes: 0 };
  return { kind, count: count - was.count, bytes: bytes - was.bytes, total: bytes };
});
growth.sort((a, b) => b.bytes - a.bytes);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
for (const row of growth.slice(0, 40))
  console.log(
    `${mb(row.bytes).padStart(9)} MB ${String(row.count).padStart(9)} nodes  ${row.kind} (now ${mb(row.total)} MB)`,
  );
const wanted = process.argv.find((arg) => arg.startsWith('--retainers='))?.slice('--retainers='.length);
if (wanted) {
  const held = [...retainersOf(afterHeap, wanted)].sort((a, b) => b[1] - a[1]);
  for (const [holder, count] of held.slice(0, 30)) console.log(`${String(count).padStart(9)}  ${holder}`);
}
