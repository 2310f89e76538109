// The embedded data directory holds every event, password hashes included: only the user running the service may
// read it (directories 0700, files 0600), whatever the umask, and a directory an older version left open is closed.
import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ownerOnlyDirectoryMode = 0o700;
export const ownerOnlyFileMode = 0o600;

/** Creates `dir` (and missing parents) for the owner only, and narrows it when it exists already. */
export function ownerOnlyDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: ownerOnlyDirectoryMode });
  chmodSync(dir, ownerOnlyDirectoryMode);
}

/** Narrows the files directly in `dir` (lmdb creates its files with its own mode, which the umask may leave open). */
export function ownerOnlyFilesIn(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isFile()) chmodSync(path, ownerOnlyFileMode);
  }
}
