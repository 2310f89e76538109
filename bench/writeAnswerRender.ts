// `node --import tsx bench/writeAnswerRender.ts [events]`: CPU µs per rendering of an event write's answer (docs/api.md
// §10.1) for an administrator, the object path (representation, translation fill, serialisation) against the text path
// (src/http/routes/events/eventWriteAnswer.ts: list fragments, `translations` spliced in), measured as renderPaths.ts
// describes: each event rendered once, as a write renders its event's new revision once (linked items and terms are
// shared by many events, so their fragments are warm, as under writes); the command is left out.
import type { Caller } from '../src/http/auth/caller.ts';
import { fillTranslations, renderJsonText } from '../src/http/middleware/translationFill.ts';
import { eventRepresentation } from '../src/http/representation/eventRepresentation.ts';
import { JsonText } from '../src/http/representation/jsonText.ts';
import type { Scope } from '../src/http/requestScope.ts';
import { linkedRendering } from '../src/http/routes/events/eventRendering.ts';
import { writeEventJson } from '../src/http/routes/events/eventJson.ts';
import type { HttpParts } from '../src/http/services.ts';
import type { EventDocument } from '../src/projections/events/eventDocument.ts';
import { compareRenderPaths } from './renderPaths.ts';

const administrator: Caller = { kind: 'user', id: 1, role: 'administrator' };

async function objectBytes(parts: HttpParts, scope: Scope, doc: EventDocument): Promise<Buffer> {
  const body = eventRepresentation(doc, parts.settings, scope.addresses, await linkedRendering(parts, scope, [doc]));
  await fillTranslations(body, parts, administrator);
  return Buffer.from(JSON.stringify(body));
}

async function textBytes(parts: HttpParts, scope: Scope, doc: EventDocument): Promise<Buffer> {
  const rendering = await linkedRendering(parts, scope, [doc]);
  // The route's check that the document is the read model's own.
  if ((await parts.readStore.events.get(doc.id)) !== doc) throw new Error('not the read model document');
  const out = new JsonText();
  writeEventJson(out, doc, {
    settings: parts.settings,
    scope,
    rendering,
    fragments: parts.fragments.of(scope.addresses),
  });
  return Buffer.from(await renderJsonText(out, parts, administrator));
}

await compareRenderPaths(
  { caller: administrator, unit: 'write answer', object: objectBytes, text: textBytes, checkSameBytes: true },
  Number(process.argv[2] ?? 24_000),
);
