// CPU time a process has used (user + system), from /proc/<pid>/stat: what a request costs the service, a steadier
// figure than throughput on a machine shared with the load generator and other work.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Clock ticks per second of /proc's counters (`getconf CLK_TCK`, 100 on Linux). */
function ticksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** A reader of one process's CPU milliseconds so far; undefined where there is no /proc (not Linux). */
export function processCpuReader(pid: number): (() => number) | undefined {
  const statPath = `/proc/${pid}/stat`;
  try {
    readFileSync(statPath, 'utf8');
  } catch {
    return undefined;
  }
  const msPerTick = 1000 / ticksPerSecond();
  return () => {
    const stat = readFileSync(statPath, 'utf8');
    // Fields after the command name (which may hold spaces) start at the state, field 3; utime and stime are 14, 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * msPerTick;
  };
}
