// Removes a venue, organizer or term from every event that links it, as changes of those events' own streams,
// before the item is trashed or deleted (docs/api.md §11): the audit trail of each event shows the unlink.
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { CommandError } from '../errors.ts';
import type { WriteDeps } from '../writeDeps.ts';
import { changeEventDetails, loadEvent } from './eventCommands.ts';

export type LinkList = 'venues' | 'organizers' | 'categories' | 'tags';

/**
 * `linkingEvents` comes from the read model, which a write of this process has always caught up with; an event that
 * another instance links at the same moment may be missed, and then still shows the item until it is edited.
 */
export async function unlinkFromEvents(
  deps: WriteDeps,
  field: LinkList,
  id: number,
  linkingEvents: (field: LinkList, id: number) => Promise<readonly number[]>,
  ctx: WriteContext,
): Promise<CommandError | undefined> {
  for (const eventId of await linkingEvents(field, id)) {
    const { state } = await loadEvent(deps.store, eventId);
    if (!state.exists || !state.facts[field].includes(id)) continue;
    const remaining = state.facts[field].filter((linked) => linked !== id);
    const changed = await changeEventDetails(deps, eventId, { request: { [field]: remaining } }, ctx);
    if (changed._tag === 'Left' && changed.left.kind !== 'not-found') return changed.left;
  }
  return undefined;
}
