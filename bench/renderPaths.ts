// The harness of the render benchmarks (singleRender.ts, writeAnswerRender.ts): a seeded read model in one process,
// and CPU µs per render of two paths over alternating batches of distinct events, each rendered once, so neither path
// finds the other's fragments or translation lookups. The HTTP stack is left out; CPU time moves less with the
// machine's load than wall time.
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
import type { Scope } from '../src/http/requestScope.ts';
import type { HttpParts } from '../src/http/services.ts';
import type { EventDocument } from '../src/projections/events/eventDocument.ts';
import { eventFoldingOf } from '../src/projections/events/eventDocumentAt.ts';
import { projectionMemos } from '../src/projections/projectionMemos.ts';
import { UserDirectory } from '../src/projections/users/userDirectory.ts';
import { startService } from '../src/service.ts';
import { seed } from './seed.ts';
import { layoutOf, quickShape } from './seedShape.ts';

const batch = 1_000;

export type RenderPath = (parts: HttpParts, scope: Scope, doc: EventDocument) => Promise<Buffer>;

export interface RenderComparison {
  readonly caller: Caller;
  /** What one render is, for the printed line: "first render", "write answer". */
  readonly unit: string;
  readonly object: RenderPath;
  readonly text: RenderPath;
  /** Also prints whether both paths give the last event the same bytes. */
  readonly checkSameBytes?: boolean;
}

/** Mean CPU µs per render of each path over the rounds after two warm-up rounds. */
async function measure(parts: HttpParts, scope: Scope, docs: readonly EventDocument[], paths: RenderComparison) {
  const totals = { object: 0, text: 0 };
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
  const perRender = `per ${paths.unit} (${rounds} rounds)`;
  return `object path ${mean(totals.object)} µs, text path ${mean(totals.text)} µs ${perRender}`;
}

/** A service on `events` seeded events (the quick shape without series): its HTTP parts and published events. */
export interface SeededParts {
  readonly parts: HttpParts;
  readonly scope: Scope;
  readonly docs: readonly EventDocument[];
  readonly service: Awaited<ReturnType<typeof startService>>;
}

/** Seeds `events` events, starts the service on them, hands `use` its parts, then stops it and removes the data. */
export async function withSeededParts(events: number, caller: Caller, use: (seeded: SeededParts) => Promise<void>) {
  const shape = { ...quickShape, events, series: undefined };
  const dir = mkdtempSync(join(tmpdir(), 'cal-bench-render-'));
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
    const clock = () => now;
    const parts = composeHttpServices({ config, store: eventStore, readStore, users, projections, clock, folding });
    const sources = { path: {}, query: {}, queryOrder: [] } as unknown as Scope['sources'];
    const addresses = parts.settings.addresses[''];
    const scope: Scope = { caller, language: 'en', addresses, sources, unlocks: noPasswordUnlocks };
    const layout = layoutOf(shape);
    const docs: EventDocument[] = [];
    for (let id = layout.firstEvent; id < layout.firstEvent + layout.publishedEvents; id++) {
      const doc = await readStore.events.get(id);
      if (doc) docs.push(doc);
    }
    await use({ parts, scope, docs, service });
    await service.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seeds `events` events (the quick shape without series), starts the service on them and prints the comparison. */
export async function compareRenderPaths(paths: RenderComparison, events: number): Promise<void> {
  await withSeededParts(events, paths.caller, async ({ parts, scope, docs }) => {
    console.log(await measure(parts, scope, docs, paths));
    if (paths.checkSameBytes === true) {
      const last = docs.at(-1) as EventDocument;
      const same = (await paths.object(parts, scope, last)).equals(await paths.text(parts, scope, last));
      console.log(`same bytes from both paths: ${same}`);
    }
  });
}
