// The snapshot file on disk: replaced atomically, so that a crash while writing leaves the previous file or none.
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The snapshot's name inside the data directory. */
export const snapshotFileName = 'read-model.snapshot';

/** Temp files carry the writer's pid: two processes sharing a data directory never write into the same temp file. */
const tempSuffix = /\.(\d+)\.tmp$/;

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Temp files left by writers that died mid-write (a snapshot can be hundreds of MB). */
function removeAbandonedTempFiles(path: string): void {
  const prefix = `${basename(path)}.`;
  for (const name of readdirSync(dirname(path))) {
    const pid = name.startsWith(prefix) ? tempSuffix.exec(name)?.[1] : undefined;
    if (pid !== undefined && Number(pid) !== process.pid && !isRunning(Number(pid)))
      rmSync(join(dirname(path), name), { force: true });
  }
}

function fsyncPath(path: string, flags: string): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the parts to a temp file, flushes it to disk, renames it over `path` and flushes the directory: after a
 * crash at any point, `path` holds either the old complete file or the new complete one.
 */
export function writeFileAtomically(path: string, parts: readonly Uint8Array[]): void {
  removeAbandonedTempFiles(path);
  const temp = `${path}.${process.pid}.tmp`;
  // Readable by the owner only, as everything under the data directory: the read model holds password hashes too.
  const fd = openSync(temp, 'w', 0o600);
  try {
    for (const part of parts) {
      for (let written = 0; written < part.length;) written += writeSync(fd, part, written);
    }
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temp, path);
  fsyncPath(dirname(path), 'r');
}

/**
 * As `writeFileAtomically`, with the writing and flushing done off the event loop: for a write beside a running
 * service, which a few hundred MB written and flushed at once would stall.
 */
export async function writeFileAtomicallyInBackground(path: string, parts: readonly Uint8Array[]): Promise<void> {
  removeAbandonedTempFiles(path);
  const temp = `${path}.${process.pid}.tmp`;
  const file = await open(temp, 'w', 0o600);
  try {
    for (const part of parts) {
      for (let written = 0; written < part.length;) written += (await file.write(part, written)).bytesWritten;
    }
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temp, { force: true });
    throw error;
  }
  await file.close();
  await rename(temp, path);
  const directory = await open(dirname(path), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/** The file's bytes, or undefined when there is none. */
export function readFileIfExists(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The file's bytes, or why there are none; never a rejection (a read started early may never be awaited). */
export type SnapshotFileRead =
  | { readonly kind: 'read'; readonly bytes: Buffer }
  | { readonly kind: 'absent' }
  | { readonly kind: 'unreadable'; readonly message: string };

/**
 * The file read on libuv's thread pool: a start begins it before loading the rest of its modules, so that reading a
 * few hundred MB (from disk after a reboot) overlaps the ~0.5 s of CPU the module loading takes.
 */
export async function readSnapshotFile(path: string): Promise<SnapshotFileRead> {
  try {
    return { kind: 'read', bytes: await readFile(path) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'unreadable', message: (error as Error).message };
  }
}
