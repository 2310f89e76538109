// `npm run bench:migration [-- --quick]`: the import rate alone (bench/migrationRate.ts), without the rest of the
// bench; prints the measurement as JSON with the machine's load. `npm run bench` measures it too.
import { ensureBuilt } from '../scripts/ensureBuilt.mjs';
import { modeOf } from './benchMode.ts';
import { currentLoadAverage } from './machine.ts';
import { measureMigration } from './migrationRate.ts';
import { startScriptNodeFlags } from './nodeProcesses.ts';

const mode = modeOf(process.argv);
if (!ensureBuilt()) throw new Error('the build of src/ failed');
const loadAtStart = currentLoadAverage();
try {
  const rate = await measureMigration(startScriptNodeFlags(), mode.migrationEvents, new Date(), mode.startDeadlineMs);
  console.log(JSON.stringify({ mode: mode.name, loadAtStart, loadAtEnd: currentLoadAverage(), ...rate }));
} catch (error) {
  console.error(`migration bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
}
