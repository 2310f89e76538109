// The benchmark's side of the load generator: one child process for the whole run (so its start-up costs nothing
// per measurement), fed one spec at a time.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { LoadResult, LoadSpec } from './loadSpec.ts';
import { spawnNode } from './nodeProcesses.ts';

export class LoadGenerator {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, (result: LoadResult) => void>();
  private nextId = 1;
  private exited: Error | undefined;

  constructor(nodeFlags: readonly string[]) {
    this.child = spawnNode('load', nodeFlags, ['bench/loadGenerator.ts'], {});
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const result = JSON.parse(line) as LoadResult;
      this.pending.get(result.id)?.(result);
      this.pending.delete(result.id);
    });
    this.child.once('exit', (code, signal) => {
      this.exited = new Error(`the load generator exited (${signal ?? code})`);
      for (const [id, resolve] of this.pending) resolve({ id, rounds: [], issued: 0, failure: this.exited.message });
      this.pending.clear();
    });
  }

  run(spec: Omit<LoadSpec, 'id'>): Promise<LoadResult> {
    const id = this.nextId++;
    if (this.exited) return Promise.resolve({ id, rounds: [], issued: 0, failure: this.exited.message });
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ ...spec, id })}\n`);
    });
  }

  /** Ends the process once it finished what it was given. */
  async close(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end();
    await exited;
  }
}
