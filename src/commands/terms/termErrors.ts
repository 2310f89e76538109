// Business failures that only terms have (docs/api.md §10.3, §13.2), kept beside the shared `CommandError` union.
import type { Taxonomy } from '../../events/catalogue/terms.ts';
import type { CommandError } from '../errors.ts';

export type TermError =
  /** A term of this name already exists under the same parent (categories) or in the taxonomy (tags): `term_exists`. */
  | { readonly kind: 'term-exists'; readonly taxonomy: Taxonomy; readonly id: number }
  /** An explicit slug another term of the taxonomy and language holds: `duplicate_term_slug`. */
  | { readonly kind: 'duplicate-term-slug'; readonly taxonomy: Taxonomy; readonly slug: string }
  /**
   * `parent` names no live category of the term's language, or the term itself or one of its descendants
   * (which would make the category its own ancestor): 400 `rest_invalid_param` on `parent`.
   */
  | { readonly kind: 'invalid-parent'; readonly parent: number; readonly reason: 'not-found' | 'cycle' };

export type TermCommandError = CommandError | TermError;
