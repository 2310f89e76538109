// The shape every `cal` command takes: arguments are checked first (usage errors never touch data), then it runs.
import type { EventStore } from '../events/eventStore.ts';
import type { EventFolding } from '../projections/events/eventDocumentAt.ts';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** What the CLI's composition root (`runCli`) makes once per run for the commands that fold or project events. */
export interface CliParts {
  /**
   * The event fold and its projection memos (docs/architecture.md §2), also the memos of a read model replayed here.
   */
  readonly folding: EventFolding;
}

/** Runs a checked command on the opened store; a returned number is the exit code (default 0). */
export type PreparedCommand = (
  store: EventStore,
  io: Output,
  env: NodeJS.ProcessEnv,
  parts: CliParts,
) => Promise<number | void>;
