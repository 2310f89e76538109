// `node --import tsx bench/writeAnswerRender.ts [events]`: CPU µs per rendering of an event write's answer (docs/api.md
// §10.1) for an administrator, the object path (representation, translation fill, serialisation) against the text path
// (src/http/routes/events/eventWriteAnswer.ts: list fragments, `translations` spliced in), in one process over the
// same read model: alternating batches of distinct events, each rendered once, as a write renders its event's new
// revision once (linked items and terms are shared by many events, so their fragments are warm, as under writes). The
// HTTP stack and the command are left out; CPU time moves less with the machine's load than wall time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../src/config/config.ts';
import { ZoneClock } from '../src/domain/timeZone.ts';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import type { Caller } from '../src/http/auth/caller.ts';
import { noPasswordUnlocks } from '../src/http/auth/passwordUnlocks.ts';
import { composeHttpServices } from '../src/http/composeServices.ts';
import { fillTranslations, renderJsonText } from '../src/http/middleware/translationFill.ts';
import { eventRepresentation } from '../src/http/representation/eventRepresentation.ts';
import { JsonText } from '../src/http/representation/jsonText.ts';
import type { Scope } from '../src/http/requestScope.ts';
import { linkedRendering } from '../src/http/routes/events/eventRendering.ts';
import { writeEventJson } from '../src/http/routes/events/eventJson.ts';
import type { HttpParts } from '../src/http/services.ts';
import type { EventDocument } from '../src/projections/events/eventDocument.ts';
import { eventFoldingOf } from '../src/projections/events/eventDocumentAt.ts';
import { projectionMemos } from '../src/projections/projectionMemos.ts';
import { UserDirectory } from '../src/projections/users/userDirectory.ts';
import { startService } from '../src/service.ts';
import { seed } from './seed.ts';
import { layoutOf, quickShape } from './seedShape.ts';

const batch = 1_000;

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

/** Mean CPU µs per render of each path over the rounds after two warm-up rounds. */
async function measure(parts: HttpParts, scope: Scope, docs: readonly EventDocument[]): Promise<string> {
  const totals = { object: 0, text: 0 };
  const paths = { object: objectBytes, text: textBytes };
  let rounds = 0;
  for (let next = 0, round = 0; next + 2 * batch <= docs.length; round++) {
    for (const name of ['object', 'text'] as const) {
      const started = process.cpuUsage();
      for (const doc of docs.slice(next, next + batch)) await paths[name](parts, scope, doc);
      const used = process.cpuUsage(started);
      next += batch;
      if (round >= 2) totals[name] += (used.user + used.system) / batch;
    }
    if (round >= 2) rounds++;
  }
  const mean = (total: number) => (total / rounds).toFixed(1);
  return `object path ${mean(totals.object)} µs, text path ${mean(totals.text)} µs per write answer (${rounds} rounds)`;
}

const events = Number(process.argv[2] ?? 24_000);
const shape = { ...quickShape, events, series: undefined };
const dir = mkdtempSync(join(tmpdir(), 'cal-bench-write-answer-'));
try {
  const now = new Date();
  const store = await openLmdbEventStore(join(dir, 'events'));
  await seed(store, shape, now);
  await store.close();
  const env = { PORT: '0', CAL_DATA_DIR: dir, CAL_PUBLIC_URL: 'http://localhost:8080', CAL_ADMIN_PASSWORD: 'bench' };
  const config = loadConfig(env);
  const service = await startService(config, pino({ level: 'silent' }), () => now, 'all');
  const { store: eventStore, readStore, projections } = service;
  const folding = eventFoldingOf(projectionMemos(new ZoneClock()));
  const users = new UserDirectory(eventStore);
  const parts = composeHttpServices({
    config,
    store: eventStore,
    readStore,
    users,
    projections,
    clock: () => now,
    folding,
  });
  const sources = { path: {}, query: {}, queryOrder: [] } as unknown as Scope['sources'];
  const scope: Scope = {
    caller: administrator,
    language: 'en',
    addresses: parts.settings.addresses[''],
    sources,
    unlocks: noPasswordUnlocks,
  };
  const layout = layoutOf(shape);
  const docs: EventDocument[] = [];
  for (let id = layout.firstEvent; id < layout.firstEvent + layout.publishedEvents; id++) {
    const doc = await readStore.events.get(id);
    if (doc) docs.push(doc);
  }
  console.log(await measure(parts, scope, docs));
  const last = docs.at(-1) as EventDocument;
  const same = (await objectBytes(parts, scope, last)).equals(await textBytes(parts, scope, last));
  console.log(`same bytes from both paths: ${same}`);
  await service.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
