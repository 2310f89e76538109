// Copy-on-write for views of the documents that outlive the moment they were taken (a snapshot written in the
// background): a document about to be changed in place is first copied into every view still held.

/** The documents of one moment: each as it was then, even when changed in place since. */
export interface HeldDocuments<D extends object> {
  readonly documents: readonly D[];
  /** The document as it was when the view was taken. */
  readonly originalOf: (doc: D) => D;
  /** Ends the copying for this view. */
  readonly release: () => void;
}

export class HeldViews<D extends object> {
  private readonly views = new Set<Map<D, D>>();

  hold(documents: readonly D[]): HeldDocuments<D> {
    const originals = new Map<D, D>();
    this.views.add(originals);
    return {
      documents,
      originalOf: (doc) => originals.get(doc) ?? doc,
      release: () => this.views.delete(originals),
    };
  }

  /** Before `doc` is changed in place: a shallow copy is enough, since what changes are its own fields. */
  beforeChange(doc: D): void {
    for (const originals of this.views) if (!originals.has(doc)) originals.set(doc, { ...doc });
  }
}
