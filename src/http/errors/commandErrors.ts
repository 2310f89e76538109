// The one mapping from write-side failures (CommandError) to wire errors.
import { reason, type CommandError } from '../../commands/errors.ts';
import type { MessageKey } from './messages.ts';
import { forbidden, invalidParams, simpleError, type WireError } from './wireError.ts';

export function wireErrorOf(error: CommandError, operation: 'create' | 'update' | 'delete'): WireError {
  switch (error.kind) {
    case 'not-found':
      return error.resource === 'event'
        ? simpleError(404, 'rest-event-not-found', error.id)
        : invalidParams([{ name: 'id', reason: reason(`unknown-${error.resource}`) }]);
    case 'wrong-kind':
      return simpleError(400, 'rest-invalid-event-id');
    case 'already-trashed':
      return simpleError(410, `${error.resource}-is-in-trash` as MessageKey);
    case 'invalid-params':
      return invalidParams(error.params);
    case 'forbidden':
      // Only signed-in callers get this far: anonymous ones were refused before the command (401).
      return forbidden(true);
    case 'precondition-failed':
      return simpleError(412, 'rest_precondition_failed');
    case 'write-conflict':
      if (error.resource === 'venue' || error.resource === 'organizer')
        return itemWriteFailure(error.resource, operation);
      return operation === 'delete'
        ? simpleError(500, 'could-not-delete-event')
        : simpleError(403, 'could-not-update-event');
    case 'store-unavailable':
      return simpleError(503, 'rest_store_unavailable', undefined, { 'Retry-After': '1' });
  }
}

/** Venue and organizer storage failures (docs/api.md §13.2): 500 on delete, 400 on create and update. */
function itemWriteFailure(resource: 'venue' | 'organizer', operation: 'create' | 'update' | 'delete'): WireError {
  return operation === 'delete'
    ? simpleError(500, `could-not-delete-${resource}`)
    : simpleError(400, `could-not-${operation}-${resource}`);
}
