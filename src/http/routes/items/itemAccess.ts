// Read and edit rules for one venue or organizer (docs/api.md §3.2, §9, §12), and its wire form for this request.
import type { RenderedItems } from '../../representation/renderedItems.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import { canReadPost } from '../../auth/caller.ts';
import { isLockedPost } from '../../auth/postAccess.ts';
import { simpleError } from '../../errors/wireError.ts';
import type { MessageKey } from '../../errors/messages.ts';
import type { Scope } from '../../requestScope.ts';
import { blankProtected, type Wire } from '../../representation/blanking.ts';
import type { SiteSettings } from '../../representation/site.ts';
import type { ItemRouteKind } from './itemRouteKind.ts';

/** A non-published item the caller may not read: 403 `venue-not-accessible` / `organizer-not-accessible`. */
export function assertItemReadable(
  kind: ItemRouteKind<ItemDocument>['singular'],
  doc: ItemDocument,
  scope: Scope,
): void {
  if (!mayReadItem(doc, scope)) throw simpleError(403, `${kind}-not-accessible` as MessageKey);
}

/** Whether `assertItemReadable` lets the caller read the item. */
export const mayReadItem = (doc: ItemDocument, scope: Scope): boolean => canReadPost(scope.caller, doc);

/** The item's wire form for this request: blanked while locked, wherever it appears. */
export function renderItem<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  doc: D,
  settings: SiteSettings,
  scope: Scope,
  withJsonLd: boolean,
  kept?: RenderedItems,
): Wire {
  const represent = () => kind.represent(doc, settings, scope.addresses, withJsonLd);
  const wire = kept ? kept.representation(kind.singular, doc, scope.addresses, withJsonLd, represent) : represent();
  return isLockedPost(doc, scope) ? blankProtected(wire) : wire;
}
