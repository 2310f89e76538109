// How much of the address space the embedded store maps: once, for the whole disk, so the map never grows.
import { readFileSync, statSync, statfsSync } from 'node:fs';

/**
 * Why map the whole disk at open: lmdb-js grows a full map by mapping the file again at a larger size and keeps every
 * earlier map for readers that may still use it. The pages a process touched through an old map stay resident under
 * it, so each growth under writes left a second resident copy of the store's file in the RSS (seen as +380 MB of
 * file-backed RSS after ~52,000 writes to a 220 MB store). A read-only shared mapping costs address space, not memory,
 * and the file cannot outgrow the disk it lies on, so a map of the disk's size is never grown (lmdb-js still grows it
 * past that, as before). The file keeps its size: without lmdb's write map nothing is preallocated.
 */
export function mapSizeFor(path: string): number {
  const disk = statfsSync(path);
  return mapSizeWithin({
    diskBytes: disk.blocks * disk.bsize,
    fileBytes: fileBytesIn(path),
    addressSpaceRoom: addressSpaceRoom(),
  });
}

export interface MapSizeInputs {
  /** Size of the file system holding the store (0 when it reports none). */
  readonly diskBytes: number;
  /** The store's data file now (0 when there is none yet). */
  readonly fileBytes: number;
  /** What the process's address-space limit (`ulimit -v`) leaves beside what it maps already, or Infinity. */
  readonly addressSpaceRoom: number;
}

/**
 * The disk's size within two bounds, since lmdb-js does not fail cleanly but crashes the process (SIGSEGV) when the
 * map does not fit its address space: half the room an address-space limit leaves the process, and 1 TiB (some network
 * file systems report exabytes, more than a 64-bit process can map). Never under twice the file, which is what lmdb-js
 * would map anyway.
 */
export function mapSizeWithin(inputs: MapSizeInputs): number {
  const wanted = Math.max(inputs.diskBytes, minimumMapBytes);
  const bounded = Math.min(wanted, maximumMapBytes, Math.floor(inputs.addressSpaceRoom / 2));
  return roundUpToMebibytes(Math.max(bounded, 2 * inputs.fileBytes));
}

/** For file systems that report no size (some network and virtual file systems answer 0 blocks). */
const minimumMapBytes = 64 * 1024 ** 3;
const maximumMapBytes = 1024 ** 4;

function fileBytesIn(path: string): number {
  try {
    return statSync(`${path}/data.mdb`).size;
  } catch {
    return 0;
  }
}

/**
 * The soft `Max address space` of /proc/self/limits less the process's `VmSize`, in bytes; Infinity when unlimited or
 * unknown (not Linux). Node under tsx already maps ~33 GB of address space, so the limit alone says little.
 */
function addressSpaceRoom(): number {
  try {
    const soft = /^Max address space\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
    if (soft === undefined || soft === 'unlimited') return Infinity;
    const mappedKb = /^VmSize:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return Math.max(0, Number(soft) - Number(mappedKb ?? 0) * 1024);
  } catch {
    return Infinity;
  }
}

const mebibyte = 1024 * 1024;
const roundUpToMebibytes = (bytes: number): number => Math.ceil(bytes / mebibyte) * mebibyte;
