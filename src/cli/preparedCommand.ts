// The shape every `cal` command takes: arguments are checked first (usage errors never touch data), then it runs.
import type { EventStore } from '../events/eventStore.ts';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** Runs a checked command on the opened store; a returned number is the exit code (default 0). */
export type PreparedCommand = (store: EventStore, io: Output, env: NodeJS.ProcessEnv) => Promise<number | void>;
