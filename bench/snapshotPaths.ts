// Heap snapshots (Chrome DevTools format) read for what bench/writeRetainers.ts asks: which nodes one snapshot has
// that the one before did not and the one after no longer has, by kind, and the holders that keep them (along
// shortest paths from the root, weak edges left out), so that "who keeps these" is one line per route.
import { readFileSync } from 'node:fs';

interface SnapshotJson {
  readonly snapshot: {
    readonly meta: {
      readonly node_fields: string[];
      readonly node_types: [string[]];
      readonly edge_fields: string[];
      readonly edge_types: [string[]];
    };
  };
  readonly nodes: number[];
  readonly edges: number[];
  readonly strings: string[];
}

export interface Snapshot {
  readonly json: SnapshotJson;
  readonly nodeFields: number;
  readonly edgeFields: number;
  readonly firstEdge: Uint32Array;
  readonly nodeCount: number;
}

export function loadSnapshot(path: string): Snapshot {
  const json = JSON.parse(readFileSync(path, 'utf8')) as SnapshotJson;
  const nodeFields = json.snapshot.meta.node_fields.length;
  const edgeFields = json.snapshot.meta.edge_fields.length;
  const edgeCount = json.snapshot.meta.node_fields.indexOf('edge_count');
  const nodeCount = json.nodes.length / nodeFields;
  const firstEdge = new Uint32Array(nodeCount + 1);
  for (let n = 0; n < nodeCount; n++)
    firstEdge[n + 1] = (firstEdge[n] as number) + (json.nodes[n * nodeFields + edgeCount] as number) * edgeFields;
  return { json, nodeFields, edgeFields, firstEdge, nodeCount };
}

export function kindOf(heap: Snapshot, node: number): string {
  const { nodes, strings, snapshot } = heap.json;
  const type = snapshot.meta.node_types[0][nodes[node * heap.nodeFields] as number] as string;
  const name = strings[nodes[node * heap.nodeFields + 1] as number] as string;
  if (type === 'object' || type === 'native') return name.length > 60 ? `${name.slice(0, 60)}…` : name;
  if (type === 'closure') return `(closure ${name})`;
  return `(${type})`;
}

export function countOf(heap: Snapshot, kind: string): number {
  let count = 0;
  for (let n = 0; n < heap.nodeCount; n++) if (kindOf(heap, n) === kind) count++;
  return count;
}

function edgeName(heap: Snapshot, e: number): string {
  const type = heap.json.snapshot.meta.edge_types[0][heap.json.edges[e] as number] as string;
  if (type === 'element' || type === 'hidden') return `[${type}]`;
  return String(heap.json.strings[heap.json.edges[e + 1] as number]);
}

/** Breadth-first from the root (node 0): each node's parent edge on a shortest path, weak edges left out. */
function shortestParents(heap: Snapshot): { parent: Int32Array; parentEdge: Int32Array } {
  const parent = new Int32Array(heap.nodeCount).fill(-1);
  const parentEdge = new Int32Array(heap.nodeCount).fill(-1);
  const weak = heap.json.snapshot.meta.edge_types[0].indexOf('weak');
  let frontier = [0];
  parent[0] = 0;
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const node of frontier)
      for (let e = heap.firstEdge[node] as number; e < (heap.firstEdge[node + 1] as number); e += heap.edgeFields) {
        if (heap.json.edges[e] === weak) continue;
        const to = (heap.json.edges[e + 2] as number) / heap.nodeFields;
        if (parent[to] !== -1) continue;
        parent[to] = node;
        parentEdge[to] = e;
        next.push(to);
      }
    frontier = next;
  }
  return { parent, parentEdge };
}

/**
 * For the `wanted` nodes: the holder outside them that keeps each one (the first node above it on a shortest path from
 * the root that is not wanted itself), with `depth` holders above that, and the wanted node right under it; counted,
 * most common first.
 */
export function retainingPaths(heap: Snapshot, wanted: (node: number) => boolean, depth = 5): [string, number][] {
  const { parent, parentEdge } = shortestParents(heap);
  const routes = new Map<string, number>();
  for (let n = 0; n < heap.nodeCount; n++) {
    if (!wanted(n)) continue;
    let node = n;
    while (node !== 0 && parent[node] !== -1 && wanted(parent[node] as number)) node = parent[node] as number;
    if (parent[node] === -1) continue;
    const steps: string[] = [kindOf(heap, node)];
    while (node !== 0 && steps.length <= depth) {
      steps.push(`${kindOf(heap, parent[node] as number)}.${edgeName(heap, parentEdge[node] as number)}`);
      node = parent[node] as number;
    }
    const route = steps.reverse().join(' > ');
    routes.set(route, (routes.get(route) ?? 0) + 1);
  }
  return [...routes].sort((a, b) => b[1] - a[1]);
}

function idsOf(heap: Snapshot): Float64Array {
  const idField = heap.json.snapshot.meta.node_fields.indexOf('id');
  const ids = new Float64Array(heap.nodeCount);
  for (let n = 0; n < heap.nodeCount; n++) ids[n] = heap.json.nodes[n * heap.nodeFields + idField] as number;
  return ids;
}

/**
 * Nodes of `second` (by index) that `first` did not have (newer ids) and `third` no longer has, and how many of
 * `second` are newer than `first` in all.
 */
export function transientNodes(
  first: Snapshot,
  second: Snapshot,
  third: Snapshot,
): { readonly nodes: Set<number>; readonly newer: number } {
  // Native and synthetic nodes (the embedder's graph) are numbered apart from V8's heap objects: left out.
  const types = first.json.snapshot.meta.node_types[0];
  const ownIds = idsOf(first).filter(
    (_, n) => !/native|synthetic/.test(types[first.json.nodes[n * first.nodeFields] as number] as string),
  );
  const newestOfFirst = ownIds.reduce((max, id) => Math.max(max, id), 0);
  const stillThere = new Set(idsOf(third));
  const ids = idsOf(second);
  const transient = new Set<number>();
  let newer = 0;
  for (let n = 0; n < second.nodeCount; n++) {
    if ((ids[n] as number) <= newestOfFirst) continue;
    newer++;
    if (!stillThere.has(ids[n] as number)) transient.add(n);
  }
  return { nodes: transient, newer };
}

export function tallyOf(heap: Snapshot, nodes: Set<number>): [string, { count: number; bytes: number }][] {
  const selfSize = heap.json.snapshot.meta.node_fields.indexOf('self_size');
  const totals = new Map<string, { count: number; bytes: number }>();
  for (const n of nodes) {
    const total = totals.get(kindOf(heap, n)) ?? { count: 0, bytes: 0 };
    total.count++;
    total.bytes += heap.json.nodes[n * heap.nodeFields + selfSize] as number;
    totals.set(kindOf(heap, n), total);
  }
  return [...totals].sort((a, b) => b[1].bytes - a[1].bytes);
}
