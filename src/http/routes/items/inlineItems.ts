// Venues and organizers given inline in an event write: read with the same rules as POST /venues (/organizers),
// created (or found as duplicates) once the event write is allowed (docs/api.md §10.1).
import { left, right } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../../events/catalogue/envelope.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import { decodeArgs } from '../../params/requestParams.ts';
import type { Scope } from '../../requestScope.ts';
import type { HttpParts, InlineLinks } from '../../services.ts';
import type { InlineReader } from '../events/eventLinks.ts';
import type { InlineCreator } from '../events/settleLinks.ts';
import { organizerRouteKind, venueRouteKind, type ItemRouteKind } from './itemRouteKind.ts';
import {
  readPendingItemInput,
  registerPendingItem,
  type ItemInputDeps,
  type PendingItemInput,
} from './itemWriteInput.ts';

/** What reading and creating inline items needs: the item routes' own input deps and the read model (duplicates). */
export type InlineItemDeps = ItemInputDeps & Pick<HttpParts, 'readStore'>;

function reader<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  deps: InlineItemDeps,
  scope: Scope,
): InlineReader<PendingItemInput> {
  return async (value) => {
    const decoded = decodeArgs(kind.args.create, { path: {}, json: value, query: {}, queryOrder: [] });
    if (decoded.missing.length > 0 || decoded.invalid.size > 0) return undefined;
    const undeclared = Object.fromEntries(
      kind.undeclared.filter((name) => name in value).map((name) => [name, value[name]]),
    );
    let failed = false;
    const pending = await readPendingItemInput(
      kind,
      deps,
      { ...undeclared, ...decoded.values },
      scope.caller,
      () => (failed = true),
    );
    return failed ? undefined : pending;
  };
}

function creator<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  deps: InlineItemDeps,
  scope: Scope,
  ctx: WriteContext,
): InlineCreator<PendingItemInput> {
  return async (pending) => {
    const written = await registerPendingItem(kind, deps, pending, scope, ctx);
    return written._tag === 'Left' ? left(written.left) : right(written.right.id);
  };
}

export function inlineItems(deps: InlineItemDeps): InlineLinks {
  return {
    readers: (scope) => ({
      venue: reader(venueRouteKind, deps, scope),
      organizer: reader(organizerRouteKind, deps, scope),
    }),
    creators: (scope, ctx) => ({
      venue: creator(venueRouteKind, deps, scope, ctx),
      organizer: creator(organizerRouteKind, deps, scope, ctx),
    }),
  } as InlineLinks;
}
