// Runs the store measurements (replay, raw appends) in a child process each, started like the service, and reads back
// their one JSON line: the orchestrator's own heap and flags stay out of the figures.
import { spawnNode, stopChild, waitForOutput } from './nodeProcesses.ts';
import type { ReplayRate } from './replayRate.ts';
import type { AppendRound } from './appendRate.ts';
import type { Timing } from './benchMode.ts';

async function measureInChild<T>(
  nodeFlags: readonly string[],
  args: readonly string[],
  deadlineMs: number,
): Promise<T> {
  const child = spawnNode(`measure ${args[0]}`, nodeFlags, ['bench/storeMeasurementProcess.ts', ...args], {});
  try {
    const line = await waitForOutput(child, /^([[{].*[\]}])\n/m, deadlineMs, `the ${args[0]} measurement`);
    return JSON.parse(line[1] as string) as T;
  } finally {
    await stopChild(child, 5_000);
  }
}

export const measureReplayInChild = (
  nodeFlags: readonly string[],
  kind: 'replay-runner' | 'replay-into',
  storePath: string,
  deadlineMs: number,
) => measureInChild<ReplayRate>(nodeFlags, [kind, storePath], deadlineMs);

export const measureAppendsInChild = (nodeFlags: readonly string[], storePath: string, timing: Timing) =>
  measureInChild<AppendRound[]>(
    nodeFlags,
    ['append', storePath, JSON.stringify(timing)],
    60_000 + 2_000 * (timing.warmupSeconds + timing.rounds * timing.roundSeconds),
  );
