// Venue and organizer representations kept per revision, for the events that embed them (single reads, writes).
import type { ItemDocument } from '../../projections/posts/itemDocument.ts';
import type { Wire } from './eventRepresentation.ts';
import { FragmentCache } from './fragmentCache.ts';
import type { Addresses } from './site.ts';
import { translationKeys } from './translationSlots.ts';

type ItemKind = 'venue' | 'organizer';

/**
 * A single event read renders its venue and organizer, with their `json_ld`, each time, although a few thousand items
 * serve a hundred thousand events. A representation is a pure function of the item's revision, the settings and the
 * address variant (as for the list fragments), so it is kept per revision and handed out again. Kept values are
 * frozen: a caller that tried to change one would fail loudly rather than change other responses. Each caller gets
 * its own `translations` object, which the request's fill step completes.
 */
export class RenderedItems {
  private readonly caches = new Map<string, FragmentCache<Wire>>();

  constructor(private readonly capacity = 2_000) {}

  /** The open item's representation as `represent` makes it, with a `translations` object of this caller's own. */
  representation(
    kind: ItemKind,
    doc: ItemDocument,
    addresses: Addresses,
    withJsonLd: boolean,
    represent: () => Wire,
  ): Wire {
    const kept = this.cacheOf(`${kind} ${String(withJsonLd)} ${addresses.apiRoot}`).fragment(doc.id, doc.revision, () =>
      deepFreeze(represent()),
    );
    return { ...kept, ...translationKeys(kind, doc) };
  }

  /** The item's `json_ld` member (it depends on no address), shared as it is: it holds no `translations`. */
  jsonLd(kind: ItemKind, doc: ItemDocument, render: () => Wire): Wire {
    return this.cacheOf(`${kind} json_ld`).fragment(doc.id, doc.revision, () => deepFreeze(render()));
  }

  private cacheOf(key: string): FragmentCache<Wire> {
    let cache = this.caches.get(key);
    if (!cache) this.caches.set(key, (cache = new FragmentCache(this.capacity)));
    return cache;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
