// `node --expose-gc --max-semi-space-size=256 --min-semi-space-size=256 --import tsx bench/firstReadSteps.ts [events]`:
// where the CPU time and the heap of a first anonymous read of `GET /events/{id}` go, step by step, in process.
// A seeded service's HTTP parts; batches of 1,000 distinct published events, each step run over the whole batch
// before the next (each step's CPU time is taken over the batch with `process.cpuUsage()`, which moves little with
// the machine's load); heap bytes per read are the step's growth of V8's used heap, with no collection within a batch
// (a young generation of 256 MB holds one), plus external memory (the bytes of bodies). Then the same shortcut over
// a Node `ServerResponse` on a socket that drops what it is given (Node's HTTP without the system call), for whole
// first reads and for 100 addresses read again and again (kept answers). Prints one table.
import { Duplex } from 'node:stream';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { pino } from 'pino';
import { anonymous } from '../src/http/auth/caller.ts';
import { etagOfPost } from '../src/http/auth/postAccess.ts';
import { firstItemReads } from '../src/http/firstItemReads.ts';
import { keptAnswerShortcut } from '../src/http/keptAnswerShortcut.ts';
import { seenAddresses } from '../src/http/seenAddresses.ts';
import { renderJsonText } from '../src/http/middleware/translationFill.ts';
import { createServiceMetrics } from '../src/http/observability/metrics.ts';
import { sharedItemsOf } from '../src/http/representation/sharedItems.ts';
import { anonymousPageKey } from '../src/http/representation/sharedPages.ts';
import type { JsonText } from '../src/http/representation/jsonText.ts';
import { readRefusal } from '../src/http/routes/events/eventAccess.ts';
import { eventText } from '../src/http/routes/events/eventReadRoutes.ts';
import { alikeLinkedRendering } from '../src/http/routes/events/eventRendering.ts';
import type { PageRendering } from '../src/http/routes/events/linkedItemVisibility.ts';
import type { EventDocument } from '../src/projections/events/eventDocument.ts';
import { withSeededParts, type SeededParts } from './renderPaths.ts';

const batch = 1_000;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

interface Tally {
  cpuUs: number;
  heapBytes: number;
  batches: number;
}

/** Runs `step` over `items`, adding its CPU µs and heap bytes per item to `tally` (after the warm-up batches). */
function timed<T, R>(tally: Tally, counted: boolean, items: readonly T[], step: (item: T, index: number) => R): R[] {
  const heapBefore = process.memoryUsage();
  const started = process.cpuUsage();
  const out = items.map(step);
  const used = process.cpuUsage(started);
  const heapAfter = process.memoryUsage();
  if (counted) {
    tally.cpuUs += (used.user + used.system) / items.length;
    const grown = heapAfter.heapUsed - heapBefore.heapUsed + heapAfter.external - heapBefore.external;
    tally.heapBytes += grown / items.length;
    tally.batches++;
  }
  return out;
}

/** A socket that takes every write at once and drops it: Node's HTTP writing an answer, without the system call. */
function droppingSocket(): Socket {
  const sink = new Duplex({
    read() {},
    write(_chunk, _encoding, done) {
      done();
    },
    writev(_chunks, done) {
      done();
    },
  });
  return sink as unknown as Socket;
}

function answerThrough(shortcut: ReturnType<typeof keptAnswerShortcut>, socket: Socket, url: string): void {
  const req = new IncomingMessage(socket);
  req.method = 'GET';
  req.url = url;
  req.headers = { host: 'localhost:8080', 'user-agent': 'autocannon', accept: '*/*' };
  const res = new ServerResponse(req);
  res.assignSocket(socket);
  if (!shortcut(req, res)) throw new Error(`not answered before Koa: ${url}`);
  res.detachSocket(socket);
}

const steps = [
  'read and read rules',
  'linked rendering',
  'event text (fragment)',
  'translation fill',
  'bytes (Buffer.from)',
  'kept (items, book)',
  'answer (HTTP, metric)',
] as const;
const wholes = ['whole first read, shortcut', 'kept answer, 100 addresses'] as const;

async function measureSteps({ parts, scope, docs }: SeededParts, tallies: Map<string, Tally>): Promise<void> {
  const metrics = createServiceMetrics(async () => ({ events: 0, seconds: 0 }));
  const logger = pino({ level: 'warn' });
  const book = parts.keptAnswers;
  const shortcut = keptAnswerShortcut({ book, corsOrigins: parts.corsOrigins, metrics, logger });
  const withFirstReads = keptAnswerShortcut({
    book,
    corsOrigins: parts.corsOrigins,
    metrics,
    logger,
    firstRead: firstItemReads(parts, seenAddresses()),
  });
  const socket = droppingSocket();
  const urlOf = (doc: EventDocument) => `/cal/events/v1/events/${doc.id}`;
  const now = parts.readStore.readsNow;
  if (now === undefined) throw new Error('the memory read model answers in the calling turn');
  const tally = (name: string) => tallies.get(name) as Tally;
  const linkedRendering = alikeLinkedRendering(parts);
  const few = docs.slice(0, 100).map(urlOf);
  for (let at = 0, round = 0; at + 2 * batch <= docs.length; at += 2 * batch, round++) {
    const counted = round >= 2;
    const mine = docs.slice(at, at + batch);
    // One collection per batch, before its first step: a collection between steps would move each step's input
    // (texts, ropes) to the old generation and charge the next step for reading it there.
    gc();
    const read = timed(tally(steps[0]), counted, mine, (doc) => {
      const got = now.events.get(doc.id) as EventDocument;
      return readRefusal(got, scope) === undefined ? got : got;
    });
    const rendering = timed(tally(steps[1]), counted, read, (doc) => [doc, linkedRendering(scope, [doc])]);
    const texts = timed(tally(steps[2]), counted, rendering, ([doc, linked]) => {
      return eventText(parts, scope, doc as EventDocument, linked as PageRendering) as JsonText;
    });
    const strings = timed(tally(steps[3]), counted, texts, (text) => renderJsonText(text, parts, anonymous) as string);
    const bodies = timed(tally(steps[4]), counted, strings, (text) => Buffer.from(text));
    timed(tally(steps[5]), counted, mine, (doc) => {
      const key = anonymousPageKey(scope, ['event', 'en', doc.id]) as string;
      const body = bodies[mine.indexOf(doc)] as Buffer;
      sharedItemsOf(parts.memo, 'event').set(key, { body, etag: etagOfPost(doc) });
      // The headers firstItemReads.ts keeps (`Allow` aside): with an ETag, the shortcut hashes no body.
      const headers = [
        ['ETag', etagOfPost(doc)],
        ['Content-Type', 'application/json; charset=utf-8'],
      ] as const;
      const answer = { headers, body, route: '/cal/events/v1/events/:id', contentType: undefined };
      book().keep(urlOf(doc), 'position', { ...answer, notModified: undefined });
    });
    // This measures writing a kept answer of that body once. The book starts
    // afresh when it holds 10,000 (keptAnswerBook.ts): the few answers kept before that are read anew then.
    timed(tally(steps[6]), counted, mine, (doc) => answerThrough(withFirstReads, socket, urlOf(doc)));
    const others = docs.slice(at + batch, at + 2 * batch);
    gc();
    timed(tally(wholes[0]), counted, others, (doc) => answerThrough(withFirstReads, socket, urlOf(doc)));
    // The book starts afresh past its bound (keptAnswerBook.ts): the 100 are read again before they are timed (an
    // address is kept from its second read on).
    for (const url of [...few, ...few]) answerThrough(withFirstReads, socket, url);
    gc();
    timed(tally(wholes[1]), counted, others, (_doc, index) =>
      answerThrough(shortcut, socket, few[index % 100] as string),
    );
  }
}

const row = (name: string, cpuUs: number, heapBytes: number) =>
  console.log(`${name.padEnd(30)} ${cpuUs.toFixed(1).padStart(12)} ${Math.round(heapBytes).toString().padStart(12)}`);

const events = Number(process.argv[2] ?? 24_000);
await withSeededParts(events, anonymous, async (seeded) => {
  const names = [...steps, ...wholes];
  const tallies = new Map<string, Tally>(names.map((name) => [name, { cpuUs: 0, heapBytes: 0, batches: 0 }]));
  await measureSteps(seeded, tallies);
  const sum = { cpuUs: 0, heapBytes: 0 };
  console.log(`${'step'.padEnd(30)} ${'CPU µs/read'.padStart(12)} ${'heap B/read'.padStart(12)}`);
  for (const [name, tally] of tallies) {
    const [cpuUs, heapBytes] = [tally.cpuUs / tally.batches, tally.heapBytes / tally.batches];
    row(name, cpuUs, heapBytes);
    if (!(steps as readonly string[]).includes(name)) continue;
    sum.cpuUs += cpuUs;
    sum.heapBytes += heapBytes;
    if (name === steps.at(-1)) row('sum of the steps', sum.cpuUs, sum.heapBytes);
  }
  console.log(
    `(${seeded.docs.length} published events, batches of ${batch}, ${tallies.get(steps[0])?.batches} counted)`,
  );
});
