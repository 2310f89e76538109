// The answer of an event write (create, update, delete; docs/api.md §10.1, §11): the event as the write left it.
import type { Context } from 'koa';
import type { Either } from 'fp-ts/lib/Either.js';
import type { EventWritten } from '../../../commands/events/eventCommands.ts';
import type { CommandError } from '../../../commands/errors.ts';
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import { writtenEventDocument } from '../../../projections/events/writtenEventDocument.ts';
import { isLockedPost, etagOfPost, setPostAllow } from '../../auth/postAccess.ts';
import { wireErrorOf } from '../../errors/commandErrors.ts';
import { renderJsonText } from '../../middleware/translationFill.ts';
import { eventRepresentation } from '../../representation/eventRepresentation.ts';
import { JsonText } from '../../representation/jsonText.ts';
import type { Scope } from '../../requestScope.ts';
import type { HttpParts } from '../../services.ts';
import { answerWrite } from '../answerWrite.ts';
import { writeEventJson } from './eventJson.ts';
import { linkedRendering, type LinkedRenderingDeps } from './eventRendering.ts';

export type EventAnswerDeps = LinkedRenderingDeps &
  Pick<HttpParts, 'settings' | 'writes' | 'readStore' | 'waitForProjection' | 'folding' | 'fragments'>;

/** Answers with the event as this write left it, folded from its stream (docs/api.md §10.1). */
export async function answerEventWrite(
  ctx: Context,
  deps: EventAnswerDeps,
  scope: Scope,
  written: Either<CommandError, EventWritten>,
  operation: 'update' | 'delete',
): Promise<void> {
  await answerWrite(ctx, deps, written, {
    errorOf: (error) => wireErrorOf(error, operation),
    documentOf: (write) => writtenEventDocument(deps.writes.store, deps.readStore, write, deps.folding),
    etagOf: etagOfPost,
    bodyOf: (doc) => {
      setPostAllow(ctx, scope.caller, doc);
      return writtenEventBody(ctx, deps, scope, doc);
    },
  });
}

/**
 * The body: the event's §4 form without `json_ld`, which is a list item's. When the document is the read model's own
 * (the usual case: the answer waited for it), it is written as JSON text from the list fragments, which renders only
 * the event's new revision (its linked items and terms are kept fragments) and leaves that fragment for the list
 * pages that show the event next. A document folded from the stream, and an event locked for the caller (which the
 * list text would blank, and a write's answer does not), are answered as objects, as before.
 */
async function writtenEventBody(ctx: Context, deps: EventAnswerDeps, scope: Scope, doc: EventDocument) {
  const rendering = await linkedRendering(deps, scope, [doc]);
  if (isLockedPost(doc, scope) || (await deps.readStore.events.get(doc.id)) !== doc)
    return eventRepresentation(doc, deps.settings, scope.addresses, rendering);
  const out = new JsonText();
  const fragments = deps.fragments.of(scope.addresses);
  writeEventJson(out, doc, { settings: deps.settings, scope, rendering, fragments, keepOwnFragment: false });
  const text = await renderJsonText(out, deps, scope.caller);
  ctx.type = 'application/json';
  return text;
}
