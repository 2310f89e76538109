// Venues and organizers given inline in an event write: read with the same rules as POST /venues (/organizers),
// created (or found as duplicates) once the event write is allowed (docs/api.md §10.1).
import { left, right } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../../events/catalogue/envelope.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import { isContributor } from '../../auth/caller.ts';
import { decodeArgs } from '../../params/requestParams.ts';
import type { Scope } from '../../requestScope.ts';
import type { HttpServices, InlineLinks } from '../../services.ts';
import type { InlineReader } from '../events/eventLinks.ts';
import type { InlineCreator } from '../events/settleLinks.ts';
import { organizerRouteKind, venueRouteKind, type ItemRouteKind } from './itemRouteKind.ts';
import { readPendingItemInput, settleItemImage, type PendingItemInput } from './itemWriteRoutes.ts';

function reader<D extends ItemDocument>(kind: ItemRouteKind<D>, services: HttpServices, scope: Scope): InlineReader<PendingItemInput> {
  return async (value) => {
    const decoded = decodeArgs(kind.args.create, { path: {}, json: value, query: {}, queryOrder: [] });
    if (decoded.missing.length > 0 || decoded.invalid.size > 0) return undefined;
    const undeclared = Object.fromEntries(kind.undeclared.filter((name) => name in value).map((name) => [name, value[name]]));
    let failed = false;
    const pending = await readPendingItemInput(kind, services, { ...undeclared, ...decoded.values }, scope.caller, () => (failed = true));
    return failed ? undefined : pending;
  };
}

function creator<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  services: HttpServices,
  scope: Scope,
  ctx: WriteContext,
): InlineCreator<PendingItemInput> {
  return async (pending) => {
    const input = await settleItemImage(services, pending, ctx);
    const { caller } = scope;
    const written = await kind.register(services.writes, kind.collection(services.readStore), input as Parameters<typeof kind.register>[2], {
      language: scope.language,
      author: caller.kind === 'user' ? String(caller.id) : '0',
      status: isContributor(caller) ? 'draft' : 'publish',
    }, ctx);
    return written._tag === 'Left' ? left(written.left) : right(written.right.id);
  };
}

export function inlineItems(services: () => HttpServices): InlineLinks {
  return {
    readers: (scope) => ({ venue: reader(venueRouteKind, services(), scope), organizer: reader(organizerRouteKind, services(), scope) }),
    creators: (scope, ctx) => ({
      venue: creator(venueRouteKind, services(), scope, ctx),
      organizer: creator(organizerRouteKind, services(), scope, ctx),
    }),
  } as InlineLinks;
}
