// After the permission check: creates what an event write asked for by name or inline, and yields the link ids.
import type { Either } from 'fp-ts/lib/Either.js';
import { left, right } from 'fp-ts/lib/Either.js';
import type { EventRequest } from '../../../commands/events/eventDecider.ts';
import type { CommandError } from '../../../commands/errors.ts';
import { createTerm } from '../../../commands/terms/termCommands.ts';
import type { TermError } from '../../../commands/terms/termErrors.ts';
import type { WriteDeps } from '../../../commands/writeDeps.ts';
import type { WriteContext } from '../../../events/catalogue/envelope.ts';
import type { Language } from '../../../events/catalogue/values.ts';
import type { Taxonomy } from '../../../events/catalogue/terms.ts';
import type { LinkEntry, ReadLinks } from './eventLinks.ts';

/** Creates (or finds, for duplicates) one inline venue or organizer; its id, or why it could not be created. */
export type InlineCreator<I> = (inline: I) => Promise<Either<CommandError, number>>;

export interface LinkCreators<V, O> {
  readonly venue: InlineCreator<V>;
  readonly organizer: InlineCreator<O>;
}

export async function settleLinks<V, O>(
  links: ReadLinks<V, O>,
  deps: WriteDeps,
  language: Language,
  creators: LinkCreators<V, O>,
  ctx: WriteContext,
): Promise<Either<CommandError | TermError, Partial<EventRequest>>> {
  const request: Record<string, unknown> = { ...links.request };
  for (const [field, taxonomy] of [
    ['categories', 'category'],
    ['tags', 'tag'],
  ] as const) {
    const refs = links[field];
    if (!refs) continue;
    const ids = await termIds(refs, taxonomy, deps, language, ctx);
    if (ids._tag === 'Left') return ids;
    request[field] = ids.right;
  }
  for (const [field, entriesOf, create] of [
    ['venues', links.venues, creators.venue],
    ['organizers', links.organizers, creators.organizer],
  ] as const) {
    if (!entriesOf) continue;
    const ids = await itemIds(entriesOf as readonly LinkEntry<unknown>[], create as InlineCreator<unknown>);
    if (ids._tag === 'Left') return ids;
    request[field] = ids.right;
  }
  return right(request as Partial<EventRequest>);
}

async function termIds(
  refs: readonly (number | string)[],
  taxonomy: Taxonomy,
  deps: WriteDeps,
  language: Language,
  ctx: WriteContext,
): Promise<Either<CommandError | TermError, number[]>> {
  const ids: number[] = [];
  for (const ref of refs) {
    if (typeof ref === 'number') {
      ids.push(ref);
      continue;
    }
    const created = await createTerm(
      { store: deps.store, termIds: deps.termIds, slugs: deps.slugs, locks: deps.locks },
      taxonomy,
      { name: ref },
      language,
      ctx,
    );
    // Created meanwhile by someone else: link that one.
    if (created._tag === 'Left' && created.left.kind === 'term-exists') ids.push(created.left.id);
    else if (created._tag === 'Left') return created;
    else ids.push(created.right.id);
  }
  return right([...new Set(ids)]);
}

async function itemIds<I>(
  entries: readonly LinkEntry<I>[],
  create: InlineCreator<I>,
): Promise<Either<CommandError, number[]>> {
  const ids: number[] = [];
  for (const entry of entries) {
    if (typeof entry === 'number') {
      ids.push(entry);
      continue;
    }
    const created = await create(entry.inline);
    if (created._tag === 'Left') return left(created.left);
    ids.push(created.right);
  }
  return right([...new Set(ids)]);
}
