// Rendered JSON text of read-model documents, reused while the document's revision is unchanged.
import { OldestFirst } from '../../domain/boundedMemo.ts';

/**
 * A bounded map from a document id to what was rendered from it at one revision. A document's rendered text is a pure
 * function of its stream (the revision names the state), the service's settings and the request's addresses (the
 * owner keeps one cache per address variant); it never relies on object identity, so it works for any read store.
 * The oldest renderings go first: no bookkeeping on hits, which are the hot path, and a hot document that was evicted
 * is rendered again once; memory stays bounded however far callers page.
 */
export class FragmentCache<F> {
  private readonly entries = new Map<number, { readonly revision: number; readonly fragment: F }>();
  private readonly oldestFirst = new OldestFirst(this.entries);

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  fragment(id: number, revision: number, render: () => F): F {
    const hit = this.entries.get(id);
    if (hit !== undefined && hit.revision === revision) return hit.fragment;
    const fragment = render();
    this.entries.delete(id);
    this.entries.set(id, { revision, fragment });
    if (this.entries.size > this.capacity) this.oldestFirst.dropOldest();
    return fragment;
  }

  /**
   * The kept fragment of this revision, else `render`'s without keeping it: for a read that may be the only one of
   * this document (a first read on a walk over distinct ids), which would otherwise push out one that is read again.
   */
  fragmentOnce(id: number, revision: number, render: () => F): F {
    const hit = this.entries.get(id);
    return hit !== undefined && hit.revision === revision ? hit.fragment : render();
  }
}
