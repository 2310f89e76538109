// The one fold of a post's life (calendar events, venues, organizers) from its three facts. The write side folds a
// stream with it into the state its deciders decide on, the read side into the documents its projectors store, so
// the merge of recorded changes and the rule of the status before trashing (docs/api.md §3.2) are written once, here
// below both (docs/architecture.md §2).
import type { PostStatus } from './values.ts';

/** What every post's facts have, as far as the fold needs them. */
export interface PostFactsCore {
  readonly status: PostStatus;
  readonly slug: string;
}

/**
 * The three facts of a post's life, independent of how each kind names its events. `C` is what a recorded change
 * holds: whole facts for events and organizers, a venue's `geo` possibly one coordinate.
 */
export type PostFact<F extends PostFactsCore, C extends object> =
  | { readonly type: 'registered'; readonly id: number; readonly facts: F; readonly translationOf?: number }
  | { readonly type: 'changed'; readonly id: number; readonly changes: C }
  | { readonly type: 'trashed'; readonly id: number; readonly previousStatus: PostStatus; readonly slug: string };

/** A post as its facts so far make it. */
export interface PostFold<F extends PostFactsCore> {
  readonly id: number;
  readonly facts: F;
  /** The status before trashing; permissions of a trashed post follow it (docs/api.md §3.2). */
  readonly statusBeforeTrash: PostStatus | null;
}

/** How recorded changes apply onto facts; by default each replaces the stored fact. */
export type MergeChanges<F, C> = (facts: F, changes: C) => F;

const replaceChanged = <F, C>(facts: F, changes: C): F => ({ ...facts, ...changes }) as F;

/** The post after one more fact; undefined for a change or trashing of a post never registered. */
export function foldPost<F extends PostFactsCore, C extends object>(
  post: PostFold<F> | undefined,
  fact: PostFact<F, C>,
  merge: MergeChanges<F, C> = replaceChanged,
): PostFold<F> | undefined {
  switch (fact.type) {
    case 'registered':
      return { id: fact.id, facts: fact.facts, statusBeforeTrash: null };
    case 'changed': {
      if (!post) return undefined;
      const { status } = fact.changes as { readonly status?: PostStatus };
      // A status other than trash brings the post back: what it was before trashing no longer counts.
      return {
        id: post.id,
        facts: merge(post.facts, fact.changes),
        statusBeforeTrash: status && status !== 'trash' ? null : post.statusBeforeTrash,
      };
    }
    case 'trashed':
      return (
        post && {
          id: post.id,
          facts: { ...post.facts, status: 'trash', slug: fact.slug },
          statusBeforeTrash: fact.previousStatus,
        }
      );
  }
}

/** Carries an optional group root between a creation event and its kind-neutral fact, omitting it when absent. */
export const optionalRoot = (root: number | null | undefined): { translationOf?: number } =>
  typeof root === 'number' ? { translationOf: root } : {};
