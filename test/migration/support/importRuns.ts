// Reading what a `cal import --json` run printed, and waiting for a target service to see what the CLI wrote.
import type { TestService } from '../../support/testService.ts';

export interface JsonLine {
  readonly step: string;
  readonly kind?: string;
  readonly sourceId?: number;
  readonly targetId?: number;
  readonly result?: string;
  readonly [key: string]: unknown;
}

export interface JsonSummary {
  readonly counts: Record<string, number>;
  readonly failed: { kind: string; sourceId: number; reason: string }[];
  readonly locked: unknown[];
  readonly remapped: { kind: string; sourceId: number; targetId: number }[];
}

/** Every line of a `--json` run, parsed (a line that is not JSON fails the test here). */
export const jsonLines = (stdout: string): JsonLine[] =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as JsonLine);

/** The `summary` line of a `--json` run. */
export const summaryOf = (stdout: string): JsonSummary =>
  jsonLines(stdout).find((line) => line.step === 'summary') as unknown as JsonSummary;

/** The `item` lines of a `--json` run, as `kind:sourceId` → the line. */
export const itemsOf = (stdout: string): Map<string, JsonLine> =>
  new Map(jsonLines(stdout).flatMap((line) => (line.step === 'item' ? [[`${line.kind}:${line.sourceId}`, line]] : [])));

/** The CLI writes from another process: the target's read model follows its store, and is read once it caught up. */
export async function caughtUp(target: TestService): Promise<void> {
  const head = await target.service.store.headPosition();
  while (target.service.projections.appliedPosition < head) await new Promise((resolve) => setTimeout(resolve, 20));
}
