// Where a process's resident pages lie, read from /proc/<pid>/smaps (Linux): the store file, other files, glibc's
// main heap (`[heap]`), glibc's thread arenas (lmdb-js writes on a thread of its own, and each thread that mallocs
// gets an arena of up to 64 MiB), and the rest of the anonymous pages (V8's heap pages, large malloc'd blocks mapped
// on their own, thread stacks). Compared with V8's own figures read at the same moment, the rest splits into V8's
// committed heap and what lies outside it.
import { readFileSync } from 'node:fs';

export interface ResidentParts {
  /** Resident pages of the lmdb data file, over all its maps. */
  readonly storeFileMb: number;
  readonly otherFilesMb: number;
  readonly mainHeapMb: number;
  readonly threadArenasMb: number;
  readonly threadArenaCount: number;
  /** Anonymous resident pages in neither of glibc's heaps. */
  readonly otherAnonymousMb: number;
}

interface Mapping {
  readonly start: bigint;
  readonly end: bigint;
  readonly permissions: string;
  readonly path: string;
  readonly rssKb: number;
}

const arenaBytes = 64n * 1024n * 1024n;

function mappingsOf(pid: number): Mapping[] {
  return readFileSync(`/proc/${pid}/smaps`, 'utf8')
    .split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)
    .map((text) => {
      const header = text.slice(0, text.indexOf('\n')).split(/\s+/);
      const [start, end] = (header[0] ?? '0-0').split('-');
      return {
        start: BigInt(`0x${start}`),
        end: BigInt(`0x${end}`),
        permissions: header[1] ?? '',
        path: header[5] ?? '',
        rssKb: Number(/^Rss:\s+(\d+) kB$/m.exec(text)?.[1] ?? 0),
      };
    });
}

/**
 * A glibc thread arena: an anonymous read-write mapping at a 64 MiB boundary, followed by the inaccessible rest of
 * its 64 MiB reservation (or filling it whole).
 */
function isThreadArena(mapping: Mapping, next: Mapping | undefined): boolean {
  if (mapping.path !== '' || !mapping.permissions.startsWith('rw') || mapping.start % arenaBytes !== 0n) return false;
  if (mapping.end - mapping.start === arenaBytes) return true;
  return next !== undefined && next.path === '' && next.start === mapping.end && next.permissions.startsWith('---')
    ? next.end - mapping.start === arenaBytes
    : false;
}

export function residentPartsOf(pid: number): ResidentParts {
  const mappings = mappingsOf(pid);
  const kb = { store: 0, files: 0, main: 0, arenas: 0, other: 0 };
  let arenaCount = 0;
  mappings.forEach((mapping, index) => {
    if (mapping.path.endsWith('/data.mdb')) kb.store += mapping.rssKb;
    else if (mapping.path.startsWith('/')) kb.files += mapping.rssKb;
    else if (mapping.path === '[heap]') kb.main += mapping.rssKb;
    else if (mapping.path === '' && isThreadArena(mapping, mappings[index + 1])) {
      kb.arenas += mapping.rssKb;
      arenaCount++;
    } else if (mapping.path === '') kb.other += mapping.rssKb;
  });
  return {
    storeFileMb: kb.store / 1024,
    otherFilesMb: kb.files / 1024,
    mainHeapMb: kb.main / 1024,
    threadArenasMb: kb.arenas / 1024,
    threadArenaCount: arenaCount,
    otherAnonymousMb: kb.other / 1024,
  };
}

/** V8's and Node's own figures, read inside the process (the expression the inspector evaluates), in bytes. */
export interface V8Figures {
  /** Bytes V8 has committed for its heap spaces and how much of them holds objects (live or not yet collected). */
  readonly committed: number;
  readonly used: number;
  readonly physical: number;
  /** Committed and used of the young generation (new space and its large objects). */
  readonly youngCommitted: number;
  readonly youngUsed: number;
  /** Memory V8 itself took with malloc, and array buffers (Buffers) Node holds outside the heap. */
  readonly malloced: number;
  readonly arrayBuffers: number;
  readonly external: number;
}

export const v8FiguresExpression = `(() => {
  const v8 = process.getBuiltinModule('v8');
  const spaces = v8.getHeapSpaceStatistics();
  const young = spaces.filter((s) => s.space_name === 'new_space' || s.space_name === 'new_large_object_space');
  const sum = (list, key) => list.reduce((total, s) => total + s[key], 0);
  const heap = v8.getHeapStatistics();
  const usage = process.memoryUsage();
  return JSON.stringify({
    committed: sum(spaces, 'space_size'), used: sum(spaces, 'space_used_size'),
    physical: heap.total_physical_size,
    youngCommitted: sum(young, 'space_size'), youngUsed: sum(young, 'space_used_size'),
    malloced: heap.malloced_memory, arrayBuffers: usage.arrayBuffers, external: usage.external,
  });
})()`;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** One line: the resident parts and V8's figures, all in MB. */
export function breakdownLine(parts: ResidentParts, v8: V8Figures): string {
  const outsideV8 = parts.otherAnonymousMb - v8.physical / 1024 / 1024;
  return (
    `store file ${parts.storeFileMb.toFixed(1)}, other files ${parts.otherFilesMb.toFixed(1)}; anonymous: ` +
    `[heap] ${parts.mainHeapMb.toFixed(1)}, thread arenas ${parts.threadArenasMb.toFixed(1)} ` +
    `(${parts.threadArenaCount}), other ${parts.otherAnonymousMb.toFixed(1)} = V8 resident ${mb(v8.physical)} ` +
    `(committed ${mb(v8.committed)}: used ${mb(v8.used)}, free ${mb(v8.committed - v8.used)}; young ` +
    `${mb(v8.youngUsed)}/${mb(v8.youngCommitted)}) + outside V8 ${outsideV8.toFixed(1)} ` +
    `(array buffers ${mb(v8.arrayBuffers)}, external ${mb(v8.external)}, V8 malloced ${mb(v8.malloced)})`
  );
}
