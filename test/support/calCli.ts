// Runs the real `cal` command line in a child process, as operators do, isolated from the developer's environment.
import { execFile } from 'node:child_process';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Without the variables that would point the CLI elsewhere than the test's data directory; `extraEnv` adds some back.
 */
export function cal(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<CliRun> {
  const { CAL_EVENTSTORE_URL: _e, CAL_MONGODB_URL: _m, CAL_VERIFY_PASSWORD: _p, ...env } = process.env;
  return new Promise((resolve) => {
    const options = { env: { ...env, ...extraEnv }, cwd: process.cwd() };
    execFile(process.execPath, ['--import', 'tsx', 'src/cli/cal.ts', ...args], options, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}
