// What the shared write steps of events, venues and organizers (postStreamWrites.ts, postSlugDecision.ts) are given:
// the post's facts they read, their ports, and the resource (decider, streams, slug source).
import type { Either } from 'fp-ts/lib/Either.js';
import type { DomainEvent } from '../../events/catalogue/index.ts';
import type { Language, PostStatus } from '../../events/catalogue/values.ts';
import type { EventStore } from '../../events/eventStore.ts';
import type { Decider } from '../decider.ts';
import type { CommandError, ResourceKind } from '../errors.ts';
import type { SlugRegistry } from '../registries/slugRegistry.ts';
import type { StreamLocks } from '../streamLocks.ts';
import type { StreamStates } from '../streamStates.ts';
import type { PostState } from './postState.ts';

/** What the shared write steps read of a post's facts. */
export interface PostFacts {
  readonly language: Language;
  readonly author: string;
  readonly status: PostStatus;
  readonly slug: string;
}

export interface PostWriteDeps {
  readonly store: EventStore;
  readonly slugs: SlugRegistry;
  readonly locks: StreamLocks;
  /**
   * The written items' own folded states, kept across writes (`WriteDeps.postStates`): an update folds only the
   * events after the kept revision. Absent: every write reads and folds the whole stream.
   */
  readonly postStates?: StreamStates;
}

/** A command that can carry the slug the handler settled (create and change; never trash). */
export type Sluggable = { readonly type: string; readonly slug?: string };

/** A post resource as the shared write steps need it: its decider, where its streams are, and how a slug is planned. */
export interface PostResource<F extends PostFacts, C extends Sluggable, E extends DomainEvent> {
  readonly kind: Extract<ResourceKind, 'event' | 'venue' | 'organizer'>;
  readonly decider: Decider<C, E, PostState<F>, CommandError>;
  streamId(id: number): string;
  accepts(event: DomainEvent): event is E;
  /** The facts after a command, before a slug is settled: what the slug plan reads (status, title, language). */
  nextFacts(state: PostState<F>, command: C): Either<CommandError, F>;
  /** What a slug is derived from when none is given: the title or the name. */
  titleOf(facts: F): string;
  /** `decide` given what `nextFacts` answered (a slug never changes it): facts worked out once per write. */
  decideOnFacts?(command: C, state: PostState<F>, next: Either<CommandError, F>): Either<CommandError, E[]>;
}
