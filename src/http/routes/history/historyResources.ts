// What the five history routes differ in: the stream, the fold, and who may read it (those who may edit the item).
import { reason } from '../../../commands/errors.ts';
import { eventStreamId } from '../../../events/catalogue/calendarEvents.ts';
import { organizerStreamId } from '../../../events/catalogue/organizers.ts';
import { termStreamId } from '../../../events/catalogue/terms.ts';
import { venueStreamId } from '../../../events/catalogue/venues.ts';
import type { EventFolding } from '../../../projections/events/eventDocumentAt.ts';
import type { DocumentFold } from '../../../projections/history/documentFold.ts';
import { organizerFold, venueFold } from '../../../projections/posts/itemDocumentAt.ts';
import { termFold } from '../../../projections/terms/termDocumentAt.ts';
import { canCreatePosts, canEditPost, type OwnedPost } from '../../auth/caller.ts';
import { invalidParams } from '../../errors/wireError.ts';
import { requirePermission, type Checked } from '../../endpoint.ts';
import type { HttpParts } from '../../services.ts';
import { assertEventId } from '../events/eventAccess.ts';
import { canManageTerms } from '../terms/termAccess.ts';
import type { historyPlurals } from '../catalogue/extensions.ts';

export interface HistoryResource {
  /** The collection segment: `/{plural}/{id}/history`. */
  readonly plural: (typeof historyPlurals)[number];
  readonly streamOf: (id: number) => string;
  readonly fold: DocumentFold<object>;
  /**
   * Steps 4–6 of docs/api.md §2 for the item as its whole stream leaves it (undefined: the stream is empty), with the
   * errors the resource's own routes give: throws unless the caller may read its history.
   */
  readonly admit: (
    deps: Pick<HttpParts, 'writes'>,
    checked: Checked,
    id: number,
    current: object | undefined,
  ) => Promise<void>;
}

/** Events: an unknown id is judged in step 6, after the general capability (like the event write routes). */
const admitEvent: HistoryResource['admit'] = async (deps, checked, id, current) => {
  checked.validation.throwIfAny();
  const caller = checked.scope.caller;
  requirePermission(current ? canEditPost(caller, current as OwnedPost) : canCreatePosts(caller), checked.scope);
  if (!current) await assertEventId(deps, id);
};

/** Venues and organizers: an unknown id is a validation failure (400 naming `id`), before the permission check. */
const admitItem =
  (kind: 'venue' | 'organizer'): HistoryResource['admit'] =>
  async (_deps, checked, _id, current) => {
    const unknown = { name: 'id', reason: reason(`unknown-${kind}`) } as const;
    if (!current) checked.validation.invalid(unknown.name, unknown.reason);
    checked.validation.throwIfAny();
    if (!current) throw invalidParams([unknown]);
    requirePermission(canEditPost(checked.scope.caller, current as OwnedPost), checked.scope);
  };

/** Terms: those who may write the taxonomy; a deleted term keeps its history (auditors need deleted things). */
const admitTerm =
  (taxonomy: 'category' | 'tag'): HistoryResource['admit'] =>
  async (_deps, checked, _id, current) => {
    const unknown = { name: 'id', reason: reason(`unknown-${taxonomy}`) } as const;
    if (!current) checked.validation.invalid(unknown.name, unknown.reason);
    checked.validation.throwIfAny();
    if (!current) throw invalidParams([unknown]);
    requirePermission(canManageTerms(checked.scope.caller, taxonomy), checked.scope);
  };

/** `folding`: the root's, whose fold the past folds' cache knows states by. */
export const historyResources = (folding: EventFolding): readonly HistoryResource[] => [
  { plural: 'events', streamOf: eventStreamId, fold: folding.fold as DocumentFold<object>, admit: admitEvent },
  { plural: 'venues', streamOf: venueStreamId, fold: venueFold as DocumentFold<object>, admit: admitItem('venue') },
  {
    plural: 'organizers',
    streamOf: organizerStreamId,
    fold: organizerFold as DocumentFold<object>,
    admit: admitItem('organizer'),
  },
  {
    plural: 'categories',
    streamOf: (id) => termStreamId('category', id),
    fold: termFold as DocumentFold<object>,
    admit: admitTerm('category'),
  },
  {
    plural: 'tags',
    streamOf: (id) => termStreamId('tag', id),
    fold: termFold as DocumentFold<object>,
    admit: admitTerm('tag'),
  },
];
