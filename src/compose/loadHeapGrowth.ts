// Part of the composition root: how far V8 lets the old generation grow while a read-model snapshot loads. The start
// scripts bound it to 1.5 times what the last full collection kept (docs/operations.md, "Memory"), which suits a
// running service; during a load nearly everything allocated stays, so each full collection found little garbage and
// marked the whole heap again: four of them, about a third of the load's garbage-collection time at 1M store events.
// The projections' catch-up at start (service.ts), a whole replay when there was no snapshot, keeps its documents too.
import { setFlagsFromString } from 'node:v8';

/** V8's own largest choice (4 times what survived), for the load only. */
export const loadHeapGrowingPercent = 300;

const growingFlag = /^--heap[-_]growing[-_]percent=(\d+)$/;

/** The last `--heap-growing-percent=N` among `words`, if any. */
function lastGrowingPercent(words: readonly string[]): number | undefined {
  let percent: number | undefined;
  for (const word of words) {
    const match = growingFlag.exec(word);
    if (match) percent = Number(match[1]);
  }
  return percent;
}

/**
 * The heap growth the process was started with: the command line's flag, else NODE_OPTIONS's (the command line takes
 * precedence), else 0, which is V8's own default (it picks the factor from the allocation rate).
 */
export function startedHeapGrowingPercent(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? '',
): number {
  return lastGrowingPercent(execArgv) ?? lastGrowingPercent(nodeOptions.split(/\s+/)) ?? 0;
}

/** Where the flag is set: V8 reads it at each full collection, so a change applies from the next one on. */
export type SetV8Flags = (flags: string) => void;

/**
 * Runs the load with the old generation let grow as V8 itself would at most, then gives the process its own setting
 * back (whether the load succeeded or not). The first full collection after the load then sets the limit from what
 * it keeps with the started factor again.
 */
export async function withLoadHeapGrowth<T>(
  load: () => Promise<T>,
  setFlags: SetV8Flags = setFlagsFromString,
  started: number = startedHeapGrowingPercent(),
): Promise<T> {
  setFlags(`--heap-growing-percent=${loadHeapGrowingPercent}`);
  try {
    return await load();
  } finally {
    setFlags(`--heap-growing-percent=${started}`);
  }
}
