// How fast the machine itself was during a run. On a shared host its speed moved 25-50% between runs (and within
// one) at the same load average: the seed ran at 21k-32k events/s on the same writes. A fixed piece of the kind of
// work the service does (JSON text both ways, strings, maps) is timed when the run starts and when it ends, and the
// hypervisor's steal time over the run is read from /proc/stat, so a reader can tell a slower machine from slower code
// before comparing figures across runs (within a run, each scenario's bare reference does that for HTTP).
import { readFileSync } from 'node:fs';

export interface MachineSpeed {
  /** Rounds of the fixed work per wall-clock second, the best of five tries. */
  readonly workPerSecond: number;
  /** The same per second of this process's CPU time: lower than above when the process waits for a CPU. */
  readonly workPerCpuSecond: number;
}

const sample = {
  id: 12_345,
  title: 'Concert de jazz a la plaça',
  description: '<p>Una nit de jazz amb la banda del barri.</p>'.repeat(8),
  dates: Array.from({ length: 12 }, (_, month) => `2027-${String(month + 1).padStart(2, '0')}-01 19:00:00`),
  venue: { id: 7, name: 'Sala Apolo', address: 'Nou de la Rambla 113', city: 'Barcelona' },
};

/** One round: what a read or a write does to a document, a few times over. */
function round(): number {
  const byKey = new Map<string, number>();
  let length = 0;
  for (let i = 0; i < 20; i++) {
    const copy = JSON.parse(JSON.stringify(sample)) as typeof sample;
    copy.title = `${copy.title} ${i}`;
    byKey.set(copy.title, copy.id + i);
    length += JSON.stringify(copy).length + copy.dates.join(',').length;
  }
  return length + byKey.size;
}

function oneTry(rounds: number): { wallMs: number; cpuMs: number } {
  const startedAt = performance.now();
  const cpu = process.cpuUsage();
  let sink = 0;
  for (let i = 0; i < rounds; i++) sink += round();
  const used = process.cpuUsage(cpu);
  if (sink < 0) throw new Error('unreachable');
  return { wallMs: performance.now() - startedAt, cpuMs: (used.user + used.system) / 1000 };
}

/** About a second of work: five tries of 2,000 rounds after a warm-up, the best of each measure. */
export function probeMachineSpeed(rounds = 2_000): MachineSpeed {
  oneTry(rounds / 4);
  const tries = Array.from({ length: 5 }, () => oneTry(rounds));
  return {
    workPerSecond: Math.round((rounds * 1000) / Math.min(...tries.map((t) => t.wallMs))),
    workPerCpuSecond: Math.round((rounds * 1000) / Math.min(...tries.map((t) => t.cpuMs))),
  };
}

/** The host's CPU time counters (jiffies, all CPUs): `undefined` where /proc/stat is not there. */
export interface CpuTimes {
  readonly total: number;
  readonly steal: number;
}

export function readCpuTimes(): CpuTimes | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user already)
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: fields.reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
  } catch {
    return undefined;
  }
}

/** The share of the CPUs' time the hypervisor gave to other guests between two readings, in percent. */
export function stealPercent(from: CpuTimes | undefined, to: CpuTimes | undefined): number | undefined {
  if (!from || !to || to.total <= from.total) return undefined;
  return Math.round(((to.steal - from.steal) / (to.total - from.total)) * 1000) / 10;
}
