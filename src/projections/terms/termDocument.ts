// The read-model document of one category or tag.
import type { Language } from '../../events/catalogue/values.ts';
import type { Taxonomy } from '../../events/catalogue/terms.ts';

export interface TermDocument {
  readonly id: number;
  readonly taxonomy: Taxonomy;
  readonly language: Language;
  readonly name: string;
  readonly slug: string;
  readonly description: string;
  /** The parent category id; 0 at the top level and always for tags. */
  readonly parent: number;
  /** Stream revision of the last event applied; the ETag of the term. */
  readonly revision: number;
  /**
   * Deleted terms keep their document (reads must treat them as absent), so that a re-delivered older event finds
   * a newer revision and changes nothing instead of bringing the term back.
   */
  readonly deleted: boolean;
  /**
   * Root id of the item's translation group (its own id when it joined none); absent in documents projected before
   * translations.
   */
  readonly translationGroup?: number;
}
