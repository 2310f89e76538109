// The decision of a post write with its slug settled: the slug planned from the facts the command
// leads to, reserved when the status needs a unique one, the claim appended with the events, and the slugs the write
// gave up or failed to use released again.
import type { Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { DomainEvent } from '../../events/catalogue/index.ts';
import {
  appendClaimed,
  appendEvents,
  registryStep,
  type Attempt,
  type Loaded,
  type Written,
} from '../commandHandler.ts';
import type { CommandError } from '../errors.ts';
import { planSlug } from '../events/slugPlan.ts';
import type { PostState } from './postState.ts';
import type { PostFacts, PostResource, PostWriteDeps, Sluggable } from './postResource.ts';

/**
 * Plans the slug from the facts the command leads to, settles it (reserving it when the status needs a unique one),
 * decides with the settled slug on the command and appends the events. A reserved slug's claim is appended with the
 * events, in one commit where the store can; a reservation whose
 * events were not appended is released again (EventStoreDB writes the claim on its own first).
 */
export async function decideWithSlug<F extends PostFacts, C extends Sluggable, E extends DomainEvent>(
  deps: PostWriteDeps,
  resource: PostResource<F, C, E>,
  id: number,
  loaded: Loaded<PostState<F>>,
  command: C,
  requestedSlug: string | undefined,
  ctx: WriteContext,
): Promise<Attempt<Written>> {
  const { state } = loaded;
  const next = resource.nextFacts(state, command);
  if (next._tag === 'Left') return next;
  const before = state.exists ? state.facts : undefined;
  const plan = planSlug({
    ...(before ? { before: { status: before.status, slug: before.slug } } : {}),
    afterStatus: next.right.status,
    ...(requestedSlug !== undefined ? { requested: requestedSlug === '' ? String(id) : requestedSlug } : {}),
    title: resource.titleOf(next.right),
    id,
  });
  const owner = resource.streamId(id);
  const language = next.right.language;
  const decideWith = (slug: string | undefined) => decideWithFacts(resource, command, slug, state, next);
  if (plan.kind !== 'reserve') {
    const decided = decideWith(plan.kind === 'set' ? plan.slug : undefined);
    if (decided._tag === 'Left') return decided;
    const outcome = await appendEvents(deps.store, owner, decided.right, loaded, ctx);
    if (isAppended(outcome) && plan.kind === 'set' && plan.release !== undefined) {
      await deps.slugs.release(resource.kind, language, plan.release, owner, ctx);
    }
    return outcome;
  }
  let slug: string | undefined;
  const reserved = await registryStep(() =>
    deps.slugs.reserveWith(
      resource.kind,
      language,
      plan.base,
      owner,
      ctx,
      async (candidate, claims) => {
        slug = candidate;
        const decided = decideWith(candidate);
        return decided._tag === 'Left' ? decided : appendClaimed(deps.store, claims, owner, decided.right, loaded, ctx);
      },
      { newOwner: !state.exists },
    ),
  );
  const outcome = reserved._tag === 'Left' ? reserved : reserved.right;
  if (!isAppended(outcome) && slug !== undefined && slug !== before?.slug)
    await deps.slugs.release(resource.kind, language, slug, owner, ctx);
  // The slug held before is released, unless the reservation found the owner holding it (a suffixed base it had).
  if (isAppended(outcome) && plan.release !== undefined && plan.release !== slug) {
    await deps.slugs.release(resource.kind, language, plan.release, owner, ctx);
  }
  return outcome;
}

/** The decision with the slug settled on the command, from the facts already worked out where the resource can. */
function decideWithFacts<F extends PostFacts, C extends Sluggable, E extends DomainEvent>(
  resource: PostResource<F, C, E>,
  command: C,
  slug: string | undefined,
  state: PostState<F>,
  next: Either<CommandError, F>,
): Either<CommandError, E[]> {
  const settled = slug === undefined ? command : ({ ...command, slug } as C);
  return resource.decideOnFacts
    ? resource.decideOnFacts(settled, state, next)
    : resource.decider.decide(settled, state);
}

export const isAppended = (outcome: Attempt<Written>): boolean => outcome !== 'lost-race' && outcome._tag === 'Right';
