// The service compiled once to JavaScript in dist/ (tsconfig.build.json), rebuilt only when a file under src/ or a
// tsconfig is newer than the last build. `npm start` and the benchmark run the compiled output: compiling TypeScript
// in memory at every start cost 1-3 s of each (re)start.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtMarker = join(root, 'dist/.tsbuildinfo');

/** The compiled entry point of the service. */
export const builtEntry = join(root, 'dist/main.js');

/** The newest modification time under `dir`, `dir` itself included (it changes when a file is removed). */
function newestChange(dir) {
  let newest = statSync(dir).mtimeMs;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isStale() {
  if (!existsSync(builtEntry) || !existsSync(builtMarker)) return true;
  const configs = ['tsconfig.json', 'tsconfig.build.json'].map((file) => statSync(join(root, file)).mtimeMs);
  return Math.max(newestChange(join(root, 'src')), ...configs) > statSync(builtMarker).mtimeMs;
}

/** Compiles src/ when the build is missing or older than the sources; false (with tsc's report printed) on failure. */
export function ensureBuilt() {
  if (!isStale()) return true;
  console.error('Compiling src/ to dist/ (once, until src/ changes)…');
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const build = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (build.status !== 0) return false;
  // tsc leaves its build info untouched when no output changed (an edit of a comment): mark the build as current.
  const now = new Date();
  utimesSync(builtMarker, now, now);
  return true;
}
