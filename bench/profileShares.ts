// `node --import tsx bench/profileShares.ts <file.cpuprofile> [top] [from s] [to s]`: where a service's CPU went
// under a load, as shares of the busy time (idle excluded): the functions with the most self time, and the self time
// summed by module (each file of src/, each package, Node's internals by module), so that a layer's cost can be
// compared before and after. It prints the busy milliseconds of each second first, so that the load's window
// (`from`..`to`, seconds since the profile started) can be told apart from the start and the stop.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Self time per node over the samples taken between `from` and `to` seconds, and the busy time of each second. */
function selfTimes(profile: CpuProfile, from: number, to: number): { self: Map<number, number>; perSecond: number[] } {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const self = new Map<number, number>();
  const perSecond: number[] = [];
  let at = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    const second = Math.floor(at / 1e6);
    if (!idle.has(id)) perSecond[second] = (perSecond[second] ?? 0) + delta / 1000;
    if (at >= from * 1e6 && at < to * 1e6) self.set(id, (self.get(id) ?? 0) + delta);
  });
  return { self, perSecond };
}

/** The module a frame belongs to: a file of the service, a package, a Node internal module, or a pseudo frame. */
function moduleOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch?.[1]) return packageMatch[1];
  const service = /\/(?:dist|src)\/(.+)$/.exec(url);
  if (service?.[1]) return service[1];
  return url;
}

function top(entries: Map<string, number>, busy: number, count: number): string[] {
  return [...entries.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${name}`);
}

function summarize(path: string, count: number, from: number, to: number): void {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const { self, perSecond } = selfTimes(profile, from, to);
  console.log(`busy ms per second: ${perSecond.map((ms, second) => `${second}:${Math.round(ms ?? 0)}`).join(' ')}`);
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const micros = self.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += micros;
      continue;
    }
    busy += micros;
    const module = moduleOf(url, functionName);
    const name = `${functionName || '(anonymous)'} ${module}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byModule.set(module, (byModule.get(module) ?? 0) + micros);
  }
  console.log(`${path}: busy ${(busy / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s`);
  console.log('self time by function, % of busy:');
  for (const line of top(byFunction, busy, count)) console.log(line);
  console.log('self time by module, % of busy:');
  for (const line of top(byModule, busy, count)) console.log(line);
}

const [file, count, from, to] = process.argv.slice(2);
if (!file) throw new Error('usage: bench/profileShares.ts <file.cpuprofile> [top] [from s] [to s]');
summarize(file, Number(count ?? 40), Number(from ?? 0), Number(to ?? Infinity));
