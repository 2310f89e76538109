// Child Node processes of the benchmark (service, bare Koa server): started the way `npm start` starts the service,
// watched for their "listening on" line, measured with ps, and stopped by their own pid.
import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root: children start there (so that `--import tsx` resolves), whatever the caller's directory. */
export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Node's flags in the `start` script of package.json (`node --max-semi-space-size=32 scripts/start.mjs`): the
 * service, the bare Koa server and the load generator all run with them, so the ratios compare like with like.
 */
export function startScriptNodeFlags(
  packageJsonText = readFileSync(`${repositoryRoot}package.json`, 'utf8'),
): string[] {
  const script = (JSON.parse(packageJsonText) as { scripts?: Record<string, string> }).scripts?.start ?? '';
  const words = script.trim().split(/\s+/);
  if (words[0] !== 'node' || words.length < 2)
    throw new Error(`cannot read Node's flags from the start script "${script}"`);
  return words.slice(1, -1);
}

/**
 * Runs Node with `flags` and `args` (script paths relative to the repository root; a TypeScript script runs through
 * tsx). Its stderr is passed on, prefixed with `name`; its stdout is drained so that a chatty child never blocks on a
 * full pipe.
 */
export function spawnNode(
  name: string,
  flags: readonly string[],
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): ChildProcessWithoutNullStreams {
  // An undefined value removes the variable from the inherited environment.
  const merged = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
  );
  const loader = args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...flags, ...loader, ...args], {
    cwd: repositoryRoot,
    env: merged,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString()}`));
  child.stdout.resume();
  return child;
}

/** Resolves with the first match of `pattern` in the child's stdout; rejects when it exits or the deadline passes. */
export function waitForOutput(
  child: ChildProcessWithoutNullStreams,
  pattern: RegExp,
  timeoutMs: number,
  name: string,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(
      () => finish(new Error(`${name}: no ${String(pattern)} within ${timeoutMs} ms; stderr: ${errors.slice(-2000)}`)),
      timeoutMs,
    );
    const onOut = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) finish(match);
    };
    const onErr = (chunk: Buffer) => (errors += chunk.toString());
    const onExit = (code: number | null) =>
      finish(new Error(`${name} exited with ${code} before ${String(pattern)}; stderr: ${errors.slice(-2000)}`));
    const finish = (outcome: RegExpExecArray | Error) => {
      clearTimeout(timer);
      child.stdout.off('data', onOut);
      child.stderr.off('data', onErr);
      child.off('close', onExit);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    child.stdout.on('data', onOut);
    child.stderr.on('data', onErr);
    // 'close', not 'exit': a child may exit before its last output was read.
    child.once('close', onExit);
  });
}

/** Resident set size of a process, from ps, in MB. */
export function rssMegabytes(pid: number): number {
  return (
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) / 1024
  );
}

/**
 * The anonymous part of a process's RSS (heap, stacks, malloc'd memory) in MB: what the read model and the caches
 * cost, without the file-backed pages the kernel maps for the lmdb store and the binaries (it can drop those under
 * pressure and read them back). From /proc; where there is none (not Linux), the whole RSS.
 */
export function anonymousRssMegabytes(pid: number): number {
  try {
    const line = /^RssAnon:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (line) return Number(line[1]) / 1024;
  } catch {
    // Not Linux, or the process is gone: fall through.
  }
  return rssMegabytes(pid);
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopChild(child: ChildProcessWithoutNullStreams, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
