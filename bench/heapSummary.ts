// `node --import tsx bench/heapSummary.ts <before.heapsnapshot> <after.heapsnapshot> [--retainers=<name>]`: what
// grew between two heap snapshots (bench/writeMemory.ts --snapshots writes them), by constructor or kind of node:
// count and shallow bytes, largest growth first. `--retainers` names one such kind and lists, in the second
// snapshot, who holds those nodes (the holder's kind and the edge's name), by count.
import { readFileSync } from 'node:fs';

interface SnapshotJson {
  readonly snapshot: {
    readonly meta: {
      readonly node_fields: string[];
      readonly node_types: [string[], ...unknown[]];
      readonly edge_fields: string[];
      readonly edge_types: [string[], ...unknown[]];
    };
  };
  readonly nodes: number[];
  readonly edges: number[];
  readonly strings: string[];
}

interface Heap {
  readonly json: SnapshotJson;
  readonly nodeFieldCount: number;
  readonly edgeFieldCount: number;
  /** Index into `edges` of each node's first edge. */
  readonly firstEdge: Uint32Array;
}

function load(path: string): Heap {
  const json = JSON.parse(readFileSync(path, 'utf8')) as SnapshotJson;
  const nodeFieldCount = json.snapshot.meta.node_fields.length;
  const edgeFieldCount = json.snapshot.meta.edge_fields.length;
  const edgeCountField = json.snapshot.meta.node_fields.indexOf('edge_count');
  const nodeCount = json.nodes.length / nodeFieldCount;
  const firstEdge = new Uint32Array(nodeCount + 1);
  for (let n = 0; n < nodeCount; n++)
    firstEdge[n + 1] =
      (firstEdge[n] as number) + (json.nodes[n * nodeFieldCount + edgeCountField] as number) * edgeFieldCount;
  return { json, nodeFieldCount, edgeFieldCount, firstEdge };
}

/** A node's kind: its constructor for objects, else its type (strings, arrays, closures by name, code...). */
function kindOf(heap: Heap, node: number): string {
  const { nodes, strings, snapshot } = heap.json;
  const base = node * heap.nodeFieldCount;
  const type = snapshot.meta.node_types[0][nodes[base] as number] as string;
  const name = strings[nodes[base + 1] as number] as string;
  if (type === 'object' || type === 'native') return name;
  if (type === 'closure') return `(closure ${name})`;
  return `(${type})`;
}

function tally(heap: Heap): Map<string, { count: number; bytes: number }> {
  const totals = new Map<string, { count: number; bytes: number }>();
  const selfSize = heap.json.snapshot.meta.node_fields.indexOf('self_size');
  const nodeCount = heap.json.nodes.length / heap.nodeFieldCount;
  for (let n = 0; n < nodeCount; n++) {
    const kind = kindOf(heap, n);
    const total = totals.get(kind) ?? { count: 0, bytes: 0 };
    total.count++;
    total.bytes += heap.json.nodes[n * heap.nodeFieldCount + selfSize] as number;
    totals.set(kind, total);
  }
  return totals;
}

function retainersOf(heap: Heap, wanted: string): Map<string, number> {
  const { edges, strings, snapshot } = heap.json;
  const edgeTypes = snapshot.meta.edge_types[0];
  const nodeCount = heap.json.nodes.length / heap.nodeFieldCount;
  const held = new Map<string, number>();
  for (let n = 0; n < nodeCount; n++) {
    for (let e = heap.firstEdge[n] as number; e < (heap.firstEdge[n + 1] as number); e += heap.edgeFieldCount) {
      const to = (edges[e + 2] as number) / heap.nodeFieldCount;
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
const before = tally(load(beforePath));
const afterHeap = load(afterPath);
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
