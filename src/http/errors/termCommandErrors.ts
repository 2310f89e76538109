// The one mapping from category and tag write failures (TermCommandError) to wire errors (docs/api.md §10.3, §13).
import type { TermCommandError } from '../../commands/terms/termErrors.ts';
import { reason } from '../../commands/errors.ts';
import { message } from './messages.ts';
import { wireErrorOf } from './commandErrors.ts';
import { invalidParams, simpleError, WireError } from './wireError.ts';

export function termWireErrorOf(error: TermCommandError): WireError {
  switch (error.kind) {
    case 'term-exists':
      // The only code whose `data` carries more than the status: the id of the term holding the name (§13.1).
      return new WireError(400, 'term_exists', (lang) => ({
        message: message(error.taxonomy === 'category' ? 'term_exists_category' : 'term_exists_tag', lang),
        data: { term_id: error.id },
      }));
    case 'duplicate-term-slug':
      return simpleError(400, 'duplicate_term_slug', error.slug);
    case 'invalid-parent':
      return invalidParams([
        { name: 'parent', reason: reason(error.reason === 'cycle' ? 'category-cycle' : 'unknown-category') },
      ]);
    case 'write-conflict':
      // Concurrent writers kept winning; nothing was written. Terms have no `could-not-*` code of their own.
      return simpleError(500, 'rest_internal_error');
    default:
      return wireErrorOf(error, 'update');
  }
}
