// Real disk space for the store-failure tests: how much is free, and a file that takes some of it at once.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';

const MiB = 1024 * 1024;

/** MiB available to an unprivileged process on the file system holding `path`. */
export const freeMb = (path: string): number => {
  const stats = statfsSync(path);
  return Math.floor((stats.bavail * stats.bsize) / MiB);
};

/** Takes `mb` of real disk space at once (fallocate), or by writing zeros where the file system cannot allocate. */
export function allocate(path: string, mb: number): void {
  try {
    execFileSync('fallocate', ['-l', `${mb}M`, path], { stdio: 'ignore' });
    return;
  } catch {
    rmSync(path, { force: true });
  }
  const chunk = Buffer.alloc(8 * MiB);
  const fd = openSync(path, 'w');
  try {
    for (let written = 0; written < mb; written += 8) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}
