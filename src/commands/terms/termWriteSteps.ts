// What the term command handlers share: their dependencies and input, loading a term's stream, its live parent and
// ancestors, and the retry over the terms' error union.
import { left, type Either } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../events/eventStore.ts';
import type { Language } from '../../events/catalogue/values.ts';
import { isTermEvent, termStreamId, type TermEvent, type Taxonomy } from '../../events/catalogue/terms.ts';
import type { StreamFold } from '../streamStates.ts';
import type { IdSource } from '../registries/idAllocator.ts';
import type { SlugRegistry } from '../registries/slugRegistry.ts';
import { loadStream, type Written } from '../commandHandler.ts';
import type { StreamLocks } from '../streamLocks.ts';
import { termDecider } from './termDecider.ts';
import type { TermCommandError } from './termErrors.ts';
import { isLive, type LiveTerm, type TermState } from './termState.ts';

export interface TermCommandDeps {
  readonly store: EventStore;
  /** The `ids-term` sequence, shared by categories and tags. */
  readonly termIds: IdSource;
  readonly slugs: SlugRegistry;
  readonly locks: StreamLocks;
}

/** Fields of a create or update as decoded at the edge; `parent` only for categories. */
export interface TermInput {
  readonly name?: string;
  readonly slug?: string;
  readonly description?: string;
  readonly parent?: number;
}

export interface TermWritten extends Written {
  readonly id: number;
}

/** One attempt's outcome, as `Attempt` of the shared handler but over the wider error union of terms. */
export type TermAttempt<T> = Either<TermCommandError, T> | 'lost-race';

export const loadTerm = (store: EventStore, taxonomy: Taxonomy, id: number) =>
  loadStream(store, termStreamId(taxonomy, id), termDecider.initialState, termDecider.evolve, isTermEvent);

/** The fold of a taxonomy's term streams, for states kept across writes (`StreamStates`). */
export const termStreamFold = (taxonomy: Taxonomy): StreamFold<TermState, TermEvent> => ({
  name: taxonomy,
  initial: termDecider.initialState,
  evolve: termDecider.evolve,
  accepts: isTermEvent,
});

/** The live category `id` when it is of `language`; a parent must be both (a term never mixes languages). */
export async function liveParent(store: EventStore, id: number, language: Language): Promise<LiveTerm | undefined> {
  const { state } = await loadTerm(store, 'category', id);
  return isLive(state) && state.facts.language === language ? state : undefined;
}

/** `parent`, its parent, … up to the top level; stops at a repeated id so that damaged data cannot loop forever. */
export async function ancestorChain(store: EventStore, parent: number): Promise<number[]> {
  const chain: number[] = [];
  for (let current = parent; current !== 0 && !chain.includes(current);) {
    chain.push(current);
    const { state } = await loadTerm(store, 'category', current);
    if (!isLive(state)) break;
    current = state.facts.parent;
  }
  return chain;
}

/** Like `retryOnConflict`, over the wider error union of terms. */
export async function retryTerm<T>(
  taxonomy: Taxonomy,
  ifMatch: bigint | undefined,
  attempt: () => Promise<TermAttempt<T>>,
  maxAttempts = 8,
): Promise<Either<TermCommandError, T>> {
  for (let i = 0; i < maxAttempts; i++) {
    const outcome = await attempt();
    if (outcome !== 'lost-race') return outcome;
    if (ifMatch !== undefined) return left({ kind: 'precondition-failed' });
  }
  return left({ kind: 'write-conflict', resource: taxonomy });
}
