// What `npm start` (and start:api, start:projector) runs: the compiled service, built first when src/ changed.
// Usage: node scripts/start.mjs [all|api|projector] (the arguments reach src/main.ts unchanged).
import { pathToFileURL } from 'node:url';
import { builtEntry, ensureBuilt } from './ensureBuilt.mjs';

if (!ensureBuilt()) {
  console.error('The build failed (see above); nothing was started.');
  process.exit(1);
}
await import(pathToFileURL(builtEntry).href);
