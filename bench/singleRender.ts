// `node --import tsx bench/singleRender.ts [events]`: CPU µs per first render of a single event for an anonymous
// caller, the object path (representation, translation fill, `json_ld` walk, serialisation) against the text path
// (src/http/routes/events/singleEventJson.ts), measured as renderPaths.ts describes.
import { anonymous } from '../src/http/auth/caller.ts';
import { fillTranslations, renderJsonText } from '../src/http/middleware/translationFill.ts';
import { eventWithJsonLd } from '../src/http/representation/eventRepresentation.ts';
import { stringifyBody } from '../src/http/representation/jsonLdText.ts';
import type { Scope } from '../src/http/requestScope.ts';
import { linkedRendering } from '../src/http/routes/events/eventRendering.ts';
import { singleEventText } from '../src/http/routes/events/singleEventJson.ts';
import type { HttpParts } from '../src/http/services.ts';
import type { EventDocument } from '../src/projections/events/eventDocument.ts';
import { compareRenderPaths } from './renderPaths.ts';

async function objectBytes(parts: HttpParts, scope: Scope, doc: EventDocument): Promise<Buffer> {
  const body = eventWithJsonLd(doc, parts.settings, scope.addresses, await linkedRendering(parts, scope, [doc]));
  await fillTranslations(body, parts, anonymous);
  return Buffer.from(stringifyBody(body));
}

async function textBytes(parts: HttpParts, scope: Scope, doc: EventDocument): Promise<Buffer> {
  const rendering = await linkedRendering(parts, scope, [doc]);
  const fragments = parts.fragments.of(scope.addresses);
  const single = parts.singleFragments.of(scope.addresses);
  const out = singleEventText(doc, { settings: parts.settings, scope, rendering, fragments, single });
  return out ? Buffer.from(await renderJsonText(out, parts, anonymous)) : objectBytes(parts, scope, doc);
}

await compareRenderPaths(
  { caller: anonymous, unit: 'first render', object: objectBytes, text: textBytes },
  Number(process.argv[2] ?? 24_000),
);
