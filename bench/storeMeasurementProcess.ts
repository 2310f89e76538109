// Entry of a child process that measures the store on its own (`replay-runner|replay-into|append <store> [timing]`),
// with the service's Node flags and nothing else in its heap; prints one JSON line.
import { measureReplayInto, measureRunnerReplay } from './replayRate.ts';
import { measureAppendRate } from './appendRate.ts';
import type { Timing } from './benchMode.ts';

const [kind, storePath, timing] = process.argv.slice(2);
if (!storePath)
  throw new Error('usage: storeMeasurementProcess.ts replay-runner|replay-into|append <store path> [timing JSON]');
const appenders = 64;
const result =
  kind === 'replay-runner'
    ? await measureRunnerReplay(storePath)
    : kind === 'replay-into'
      ? await measureReplayInto(storePath)
      : kind === 'append'
        ? await measureAppendRate(storePath, appenders, JSON.parse(timing ?? '') as Timing)
        : undefined;
if (result === undefined) throw new Error(`unknown measurement "${kind}"`);
console.log(JSON.stringify(result));
