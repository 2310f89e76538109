// The argument lists of the venue and organizer routes (docs/api.md §7, §9–§11), which differ only in their fields.
import type { ArgSpec } from '../../params/argSpec.ts';
import { linkedItemListArgs } from './linkedItemListArgs.ts';
import { asOptional, idPathArg, itemPasswordArg, slugPathArg, withLanguage, type PostRouteArgs } from './routeSpec.ts';

export interface ItemRouteNouns {
  readonly singular: 'venue' | 'organizer';
  readonly plural: 'Venues' | 'Organizers';
}

/**
 * Every list of a kind's routes from the fields its create declares: updates take them all as optional (§10.2).
 * `documentBody`: whether `/doc` documents the update body (the reference's index does so for organizers only).
 */
export function itemRouteArgs(
  nouns: ItemRouteNouns,
  createFields: readonly ArgSpec[],
  documentBody: boolean,
): PostRouteArgs {
  const updateFields = createFields.map(asOptional);
  const idArg = idPathArg(`the ${nouns.singular} post ID`);
  const slugArg = slugPathArg(`the ${nouns.singular} post name`);
  return {
    list: linkedItemListArgs(nouns.plural),
    create: withLanguage(...createFields),
    read: withLanguage(idArg),
    remove: withLanguage(idArg),
    update: withLanguage(idArg, itemPasswordArg, ...updateFields),
    bySlugRead: withLanguage(slugArg),
    bySlugRemove: withLanguage(slugArg),
    bySlugUpdate: withLanguage(slugArg, ...updateFields),
    ...(documentBody
      ? { updateDocBody: [idArg, ...updateFields], bySlugUpdateDocBody: [slugArg, ...updateFields] }
      : {}),
  };
}
