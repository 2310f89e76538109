// How much of the address space the embedded store maps: once, for the whole disk, so the map never grows.
import { statSync, statfsSync } from 'node:fs';

/**
 * Why map the whole disk at open: lmdb-js grows a full map by mapping the file again at a larger size and keeps every
 * earlier map for readers that may still use it. The pages a process touched through an old map stay resident under
 * it, so each growth under writes left a second resident copy of the store's file in the RSS (seen as +380 MB of
 * file-backed RSS after ~52,000 writes to a 220 MB store). A read-only shared mapping costs address space, not memory,
 * and the file cannot outgrow the disk it lies on, so a map of the disk's size is never grown (lmdb-js still would grow
 * it should the disk itself be enlarged). The file keeps its size: without lmdb's write map nothing is preallocated.
 */
export function mapSizeFor(path: string): number {
  const disk = statfsSync(path);
  const diskBytes = disk.blocks * disk.bsize;
  return Math.max(roundUpToMebibytes(diskBytes), roundUpToMebibytes(2 * fileBytesIn(path)), minimumMapBytes);
}

/** A floor for file systems that report no size (some network and virtual file systems answer 0 blocks). */
const minimumMapBytes = 64 * 1024 * 1024 * 1024;

function fileBytesIn(path: string): number {
  try {
    return statSync(`${path}/data.mdb`).size;
  } catch {
    return 0;
  }
}

const mebibyte = 1024 * 1024;
const roundUpToMebibytes = (bytes: number): number => Math.ceil(bytes / mebibyte) * mebibyte;
