// Creating a category or tag: check the parent and name, allocate an id, claim the name and slug, decide, append;
// the claims are given back when the create does not happen.
import {
  abandonTranslation,
  claimTranslation,
  translationOf,
  type TranslationTarget,
} from '../registries/translationClaims.ts';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../events/eventStore.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { Language } from '../../events/catalogue/values.ts';
import { termStreamId, type Taxonomy } from '../../events/catalogue/terms.ts';
import { appendEvents, newStream, registryStep } from '../commandHandler.ts';
import { claim, claimHolder, ownerTermId, release, termNameStreamId, termSlugStreamId } from './termClaims.ts';
import { termDecider } from './termDecider.ts';
import type { TermCommandError } from './termErrors.ts';
import { reason } from '../errors.ts';
import { claimExplicitSlug, claimGeneratedSlug, explicitTermSlug } from './termSlugs.ts';
import { type LiveTerm, type TermFacts } from './termState.ts';

import { liveParent, type TermCommandDeps, type TermInput, type TermWritten } from './termWriteSteps.ts';

export async function createTerm(
  deps: TermCommandDeps,
  taxonomy: Taxonomy,
  input: TermInput & { readonly name: string },
  language: Language,
  ctx: WriteContext,
  translation?: TranslationTarget,
): Promise<Either<TermCommandError, TermWritten>> {
  const parent = input.parent ?? 0;
  const checked = await checkNewTerm(deps.store, taxonomy, input.name, parent, language);
  if (checked._tag === 'Left') return checked;
  const { parentTerm, nameStream } = checked.right;
  const id = await deps.termIds.next();
  const term: NewTerm = {
    deps,
    taxonomy,
    language,
    id,
    owner: termStreamId(taxonomy, id),
    nameStream,
    ctx,
    translation,
  };
  const named = await claimNewTermName(term);
  if (named._tag === 'Left') return named;
  const slugged = await claimNewTermSlug(term, input, parentTerm?.facts.slug);
  if (slugged._tag === 'Left') return slugged;
  const facts: TermFacts = {
    language,
    name: input.name,
    slug: slugged.right,
    description: input.description ?? '',
    parent,
  };
  return appendNewTerm(term, facts);
}

/** A create once its id is allocated: what each later step claims, and releases again when a step fails. */
interface NewTerm {
  readonly deps: TermCommandDeps;
  readonly taxonomy: Taxonomy;
  readonly language: Language;
  readonly id: number;
  /** The stream of the new term, which owns its claims. */
  readonly owner: string;
  readonly nameStream: string;
  readonly ctx: WriteContext;
  readonly translation: TranslationTarget | undefined;
}

/** Validates the parent and refuses a name already held, all before an id is allocated. */
async function checkNewTerm(
  store: EventStore,
  taxonomy: Taxonomy,
  name: string,
  parent: number,
  language: Language,
): Promise<Either<TermCommandError, { parentTerm: LiveTerm | undefined; nameStream: string }>> {
  if (taxonomy === 'tag' && parent !== 0)
    return left({ kind: 'invalid-params', params: [{ name: 'parent', reason: reason('tags-have-no-parent') }] });
  const parentTerm = parent === 0 ? undefined : await liveParent(store, parent, language);
  if (parent !== 0 && parentTerm === undefined) return left({ kind: 'invalid-parent', parent, reason: 'not-found' });
  const nameStream = termNameStreamId(taxonomy, language, parent, name);
  // A name already held is refused before an id is taken: a refused create should leave the id sequence alone.
  // (A create losing the race for a free name still spends its id; the claim in claimNewTermName decides.)
  const holder = await registryStep(() => claimHolder(store, nameStream));
  if (holder._tag === 'Left') return holder;
  if (holder.right !== null) return left({ kind: 'term-exists', taxonomy, id: ownerTermId(holder.right) });
  return right({ parentTerm, nameStream });
}

/** Claims the translation link (when asked for) and then the name; a name lost to a race gives the link back. */
async function claimNewTermName(term: NewTerm): Promise<Either<TermCommandError, void>> {
  const { deps, taxonomy, language, id, owner, nameStream, ctx, translation } = term;
  if (translation && !(await claimTranslation(deps.store, taxonomy, translation, id, language, ctx))) {
    return left({
      kind: 'invalid-params',
      params: [{ name: 'translation_of', reason: reason('not-a-translation-target') }],
    });
  }
  const named = await registryStep(() => claim(deps.store, 'name', nameStream, owner, ctx));
  const nameTaken = named._tag === 'Right' && !named.right.held ? named.right.holder : undefined;
  if (named._tag === 'Left' || nameTaken !== undefined) {
    if (translation) await abandonTranslation(deps.store, taxonomy, translation, id, language, ctx);
    return named._tag === 'Left' ? named : left({ kind: 'term-exists', taxonomy, id: ownerTermId(nameTaken ?? '') });
  }
  return right(undefined);
}

/** Claims the explicit slug, or generates a free one; when that fails, the name and translation are given back. */
async function claimNewTermSlug(
  term: NewTerm,
  input: TermInput & { readonly name: string },
  parentSlug: string | undefined,
): Promise<Either<TermCommandError, string>> {
  const { deps, taxonomy, language, id, owner, ctx } = term;
  const slugged = await registryStep(async (): Promise<Either<TermCommandError, string>> =>
    input.slug !== undefined
      ? claimExplicitSlug(deps, taxonomy, language, explicitTermSlug(input.slug, id), owner, ctx)
      : right(await claimGeneratedSlug(deps, taxonomy, language, input.name, id, parentSlug, owner, ctx)),
  );
  const claimed = slugged._tag === 'Left' ? slugged : slugged.right;
  if (claimed._tag === 'Left') await releaseNewTermClaims(term, undefined);
  return claimed;
}

/** Decides and appends the creation; when nothing was written, every claim of the create is given back. */
async function appendNewTerm(term: NewTerm, facts: TermFacts): Promise<Either<TermCommandError, TermWritten>> {
  const { deps, taxonomy, id, owner, ctx, translation } = term;
  const decided = termDecider.decide(
    { type: 'CreateTerm', taxonomy, id, facts, ...translationOf(translation) },
    termDecider.initialState,
  );
  const outcome =
    decided._tag === 'Left' ? decided : await appendEvents(deps.store, owner, decided.right, newStream, ctx);
  if (outcome === 'lost-race' || outcome._tag === 'Left') {
    // Nothing was written: give the claims back so that the name and slug stay usable.
    await releaseNewTermClaims(term, facts.slug);
    return outcome === 'lost-race' ? left({ kind: 'write-conflict', resource: taxonomy }) : outcome;
  }
  return right({ ...outcome.right, id });
}

/** Releases the slug (when one was claimed), the name and the translation link of a create that failed. */
async function releaseNewTermClaims(term: NewTerm, slug: string | undefined): Promise<void> {
  const { deps, taxonomy, language, id, owner, nameStream, ctx, translation } = term;
  if (slug !== undefined) await release(deps.store, 'slug', termSlugStreamId(taxonomy, language, slug), owner, ctx);
  await release(deps.store, 'name', nameStream, owner, ctx);
  if (translation) await abandonTranslation(deps.store, taxonomy, translation, id, language, ctx);
}
