// `node --import tsx bench/restartOnly.ts [storeEvents]`: the restart measurement alone (bench/restart.ts), on a store
// of the given size (default the full mode's 1M), for measuring stops and restarts without the whole bench.
import { fullMode } from './benchMode.ts';
import { measureRestart } from './restart.ts';
import { startScriptNodeFlags } from './nodeProcesses.ts';

const storeEvents = Number(process.argv[2] ?? fullMode.restartStoreEvents);
const mode = { ...fullMode, restartStoreEvents: storeEvents };
const measured = await measureRestart(startScriptNodeFlags(), mode, new Date('2026-11-22T10:00:00Z'));
console.log(JSON.stringify(measured, null, 2));
