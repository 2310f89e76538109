// The write-side state of a post (a calendar event, a venue, an organizer): none yet, or what its facts fold to.
import {
  foldPost,
  type MergeChanges,
  type PostFact,
  type PostFactsCore,
  type PostFold,
} from '../../events/catalogue/postFold.ts';
import type { PostStanding } from './writeGuard.ts';

export type PostState<F extends PostFactsCore> = { readonly exists: false } | ({ readonly exists: true } & PostFold<F>);

/** The state after one more fact, by the fold of posts the projections share (src/events/catalogue/postFold.ts). */
export function evolvePost<F extends PostFactsCore, C extends object>(
  state: PostState<F>,
  fact: PostFact<F, C>,
  merge?: MergeChanges<F, C>,
): PostState<F> {
  const folded = foldPost(state.exists ? state : undefined, fact, merge);
  return folded ? { exists: true, ...folded } : state;
}

/** Owner and status of an existing post, which the right to write it is judged on. */
export function standingOf<F extends PostFactsCore & { readonly author: string }>(
  state: PostState<F>,
): PostStanding | undefined {
  return state.exists
    ? { author: state.facts.author, status: state.facts.status, statusBeforeTrash: state.statusBeforeTrash }
    : undefined;
}
