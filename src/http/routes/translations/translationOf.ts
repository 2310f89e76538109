// The optional `translation_of` of a create (docs/api.md §15
// "Translations"): validated against the read model, and allowed only to those who may edit the item it names.
import { paramValue } from '../../params/requestParams.ts';
import type { Scope } from '../../requestScope.ts';
import type { HttpParts } from '../../services.ts';
import type { TranslationTarget } from '../../../commands/registries/translationClaims.ts';
import type { TranslatedKind } from '../../representation/translationSlots.ts';
import { groupOf, type GroupMember, type Translations } from '../../../projections/translationGroups.ts';
import { canEditPost, type OwnedPost } from '../../auth/caller.ts';
import { requirePermission } from '../../endpoint.ts';

interface LiveMember extends GroupMember {
  readonly live: boolean;
  /** Owner and status of an event, venue or organizer; terms have none (whoever may create one may edit them all). */
  readonly standing?: OwnedPost;
}

/** The item `translation_of` names exists, but the caller may not edit it, so may not add to its group (403). */
export const notEditable = 'not-editable';

/** Translation groups are read from the read model only. */
export type TranslationDeps = Pick<HttpParts, 'readStore'>;

export type TranslationRequest = TranslationTarget | typeof notEditable | undefined;

async function memberOf(deps: TranslationDeps, kind: TranslatedKind, id: number): Promise<LiveMember | undefined> {
  const { readStore } = deps;
  switch (kind) {
    case 'event':
    case 'venue':
    case 'organizer': {
      const doc = await (
        kind === 'event' ? readStore.events : kind === 'venue' ? readStore.venues : readStore.organizers
      ).get(id);
      return doc && { ...doc, live: doc.status !== 'trash', standing: doc };
    }
    case 'category':
    case 'tag': {
      const term = await (kind === 'category' ? readStore.categories : readStore.tags).get(id);
      return term && { ...term.doc, live: !term.doc.deleted };
    }
  }
}

function groupsOf(
  deps: TranslationDeps,
  kind: TranslatedKind,
): { translationsOf(group: number): Promise<Translations> } {
  const { readStore } = deps;
  const byKind = {
    event: readStore.events,
    venue: readStore.venues,
    organizer: readStore.organizers,
    category: readStore.categories,
    tag: readStore.tags,
  };
  return byKind[kind];
}

/**
 * The group a new item joins, or undefined when none was asked for. An unknown id, an item of another kind, a
 * trashed or deleted one, the request's own language or a language the group already has marks the parameter invalid
 * (the claim in the command handler settles races between instances). An item the caller may not edit gives
 * `notEditable` before its group is looked at, so the answer tells nothing of the group (its languages, its drafts),
 * and the route refuses the write once the general permission is checked.
 */
export async function translationTarget(
  deps: TranslationDeps,
  kind: TranslatedKind,
  scope: Scope,
  invalid: (name: string) => void,
): Promise<TranslationRequest> {
  const sent = paramValue(scope.sources, 'translation_of');
  if (sent === undefined || sent === null || sent === '') return undefined;
  const id = typeof sent === 'number' ? sent : typeof sent === 'string' && /^\d+$/.test(sent) ? Number(sent) : NaN;
  const member = Number.isSafeInteger(id) && id > 0 ? await memberOf(deps, kind, id) : undefined;
  if (member?.standing && !canEditPost(scope.caller, member.standing)) return notEditable;
  if (!member || !member.live || member.language === scope.language) {
    invalid('translation_of');
    return undefined;
  }
  const root = groupOf(member);
  const translations = await groupsOf(deps, kind).translationsOf(root);
  if (translations[scope.language] !== undefined) {
    invalid('translation_of');
    return undefined;
  }
  const rootMember = root === member.id ? member : await memberOf(deps, kind, root);
  return { root, rootLanguage: rootMember?.language ?? member.language };
}

/**
 * Step 5 for `translation_of` (docs/api.md §15): joining a group takes the right to edit the item named, so that
 * nobody attaches an item to another's event (taking its language in the group from the real translation).
 */
export function requireTranslationRight(request: TranslationRequest, scope: Scope): TranslationTarget | undefined {
  requirePermission(request !== notEditable, scope);
  return request === notEditable ? undefined : request;
}
