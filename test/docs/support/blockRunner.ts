// Runs one shell example of the docs with bash against a started service, as a reader would in one terminal: shell
// variables carry over from the page's earlier blocks, and every curl call's answer status is recorded.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ShellBlock } from './markdownBlocks.ts';

/** The address every example is written against; the runner rewrites it to the started service's. */
export const documentedOrigin = 'http://localhost:8080';

export interface PageSession {
  readonly serviceUrl: string;
  readonly adminPassword: string;
  readonly dataDir: string;
  /** A private folder of the page's run: the curl shim, the shell state, the recorded calls. */
  readonly workDir: string;
  readonly repositoryRoot: string;
}

export interface CurlCall {
  readonly args: string;
  /** The final HTTP status, or 0 when no answer arrived (connection refused, stopped before the headers). */
  readonly status: number;
}

export interface BlockOutcome {
  readonly exitCode: number | null;
  /** Stopped by the runner after its `stop-after` time (a block that runs until stopped). */
  readonly stopped: boolean;
  readonly timedOut: boolean;
  readonly output: string;
  readonly calls: readonly CurlCall[];
}

/** Variables of the environment that would point the examples (and `npm run cal`) somewhere else. */
const foreignVariables = [
  'CAL_EVENTSTORE_URL',
  'CAL_MONGODB_URL',
  'CAL_DATA_DIR',
  'CAL_ADMIN_PASSWORD',
  'LOG_LEVEL',
  'PORT',
  'HOST',
];

// Runs before the block: loads the variables earlier blocks of the page set, and saves them again on exit.
const prologue = `__docs_base=" $(compgen -v | tr '\\n' ' ') "
if [ -f "$DOCS_TEST_STATE" ]; then source "$DOCS_TEST_STATE"; fi
__docs_save() {
  local __docs_v __docs_declared
  : > "$DOCS_TEST_STATE.next"
  for __docs_v in $(compgen -v); do
    case "$__docs_base" in *" $__docs_v "*) continue ;; esac
    case "$__docs_v" in __docs_* | BASH* | _ | PIPESTATUS | FUNCNAME | COLUMNS | LINES) continue ;; esac
    __docs_declared="$(declare -p "$__docs_v" 2>/dev/null)" || continue
    [[ "$__docs_declared" =~ ^declare\\ -[a-zA-Z]*r ]] && continue
    printf '%s\\n' "$__docs_declared" >> "$DOCS_TEST_STATE.next"
  done
  mv "$DOCS_TEST_STATE.next" "$DOCS_TEST_STATE"
}
trap __docs_save EXIT
set -e
`;

/** A `curl` first on the PATH: the real one, plus `-D` so the runner can read each answer's status afterwards. */
function curlShim(realCurl: string): string {
  return `#!/usr/bin/env bash
record="$DOCS_TEST_CALLS/$(date +%s%N)-$$"
printf '%s\\n' "$*" > "$record.args"
exec '${realCurl}' -D "$record.headers" "$@"
`;
}

export function prepareWorkDir(workDir: string): void {
  const realCurl = spawnSync('bash', ['-c', 'command -v curl'], { encoding: 'utf8' }).stdout.trim();
  if (realCurl === '') throw new Error('the docs examples need curl on the PATH');
  mkdirSync(join(workDir, 'bin'), { recursive: true });
  writeFileSync(join(workDir, 'bin', 'curl'), curlShim(realCurl));
  chmodSync(join(workDir, 'bin', 'curl'), 0o755);
}

export async function runBlock(
  block: ShellBlock,
  session: PageSession,
  index: number,
  timeoutMs = 180_000,
): Promise<BlockOutcome> {
  const calls = join(session.workDir, `calls-${index}`);
  mkdirSync(calls, { recursive: true });
  const script = join(session.workDir, `block-${index}.sh`);
  writeFileSync(script, `${prologue}\n${block.code.replaceAll(documentedOrigin, session.serviceUrl)}\n`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of foreignVariables) delete env[name];
  Object.assign(env, {
    PATH: `${join(session.workDir, 'bin')}:${process.env.PATH ?? ''}`,
    CAL_ADMIN_PASSWORD: session.adminPassword,
    CAL_DATA_DIR: session.dataDir,
    DOCS_TEST_STATE: join(session.workDir, 'state.sh'),
    DOCS_TEST_CALLS: calls,
    NO_COLOR: '1',
  });
  const child = spawn('bash', [script], {
    cwd: session.repositoryRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stopAfterMs = block.directive.kind === 'stop-after' ? block.directive.seconds * 1000 : undefined;
  let stopped = false;
  let timedOut = false;
  // The whole process group: the block's own children (curl, npm and the node it starts) go too.
  const stopGroup = () => {
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(() => {
    if (stopAfterMs !== undefined) stopped = true;
    else timedOut = true;
    stopGroup();
  }, stopAfterMs ?? timeoutMs);
  const exitCode = await new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  clearTimeout(timer);
  return { exitCode, stopped, timedOut, output, calls: recordedCalls(calls) };
}

function recordedCalls(dir: string): CurlCall[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.args'))
    .sort()
    .map((name) => {
      const base = join(dir, name.slice(0, -'.args'.length));
      const headers = existsSync(`${base}.headers`) ? readFileSync(`${base}.headers`, 'utf8') : '';
      const statuses = [...headers.matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)].map((match) => Number(match[1]));
      return { args: readFileSync(`${base}.args`, 'utf8').trim(), status: statuses.at(-1) ?? 0 };
    });
}
