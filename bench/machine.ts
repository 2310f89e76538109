// What the figures were measured on: they only compare within one run on one machine, so the report names it.
import { cpus, loadavg, platform, release, totalmem } from 'node:os';

export interface MachineInfo {
  readonly cpuModel: string;
  readonly cpuCount: number;
  readonly memoryGb: number;
  readonly node: string;
  readonly platform: string;
  readonly date: string;
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  readonly loadAverageAtStart: number;
}

export function machineInfo(now: Date): MachineInfo {
  const processors = cpus();
  return {
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    cpuCount: processors.length,
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${platform()} ${release()}`,
    date: now.toISOString(),
    loadAverageAtStart: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

/** The 1-minute load average now, for the end of the run. */
export const currentLoadAverage = (): number => Math.round((loadavg()[0] ?? 0) * 100) / 100;
