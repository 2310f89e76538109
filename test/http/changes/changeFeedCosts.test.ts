// Specifies what an open change feed may cost the service: a client that does not read holds a bounded number of
// bytes, and feeds are capped per user and per process (docs/security.md, "Costs a caller can impose").
import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { AnyRevision } from '../../../src/events/eventStore.ts';
import { anEvent } from '../../events/contractSupport.ts';
import { waitFor } from '../../support/sseClient.ts';
import { adminAuth, startTestService, type TestService } from '../../support/testService.ts';
import { as, startRoleService, type RoleTestService } from '../../support/roleService.ts';
import { expectError } from '../events/support/eventsApi.ts';
import { countingStore, type CountingStore } from '../costs/support/countingStore.ts';
import { CHANGES, openFeed } from './support/changesApi.ts';

/** A client that sends its request and then never reads a byte of the answer. */
function openStalledFeed(t: TestService): Socket {
  const url = new URL(t.service.url);
  const socket = connect(Number(url.port), url.hostname);
  socket.pause();
  socket.write(
    `GET ${CHANGES}?from=start HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ` +
      `${adminAuth}\r\nAccept: text/event-stream\r\n\r\n`,
  );
  return socket;
}

/** Waits until `value` has not moved for a while: the service stopped making progress on its own. */
async function settled(value: () => number): Promise<void> {
  let last = -1;
  let still = 0;
  while (still < 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    still = value() === last ? still + 1 : 0;
    last = value();
  }
}

describe('GET /changes: what a client that does not read costs', function () {
  this.timeout(120_000);
  const bufferBytes = 262_144;
  const events = 1000;
  let t: TestService;
  let counting: CountingStore;

  before(async () => {
    counting = countingStore();
    t = await startTestService({ CAL_CHANGES_BUFFER_BYTES: String(bufferBytes) }, undefined, {
      wrapStore: counting.wrap,
    });
    // About 40 KB each once decoded: 1,000 of them are far more than the socket buffers take in.
    for (let batch = 0; batch < events / 100; batch++) {
      const padded = Array.from({ length: 100 }, (_, index) => anEvent('Padded', { index, text: 'x'.repeat(20_000) }));
      await t.service.store.append(`event-${900_000 + batch}`, padded, AnyRevision);
    }
  });
  after(async () => t.close());

  it('stops reading the store once its bound is held, instead of reading ahead a whole batch', async () => {
    counting.reset();
    const socket = openStalledFeed(t);
    try {
      await waitFor(() => counting.counts.handledEvents > 0, 'the first event');
      await settled(() => counting.counts.subscriptionEvents);
      // The premise: the client really holds the feed back (the socket buffers took only part of the events).
      expect(counting.counts.handledEvents).to.be.below(events);
      // Every event handled was read first, and the reads are seen (the store reports them to onRead).
      expect(counting.counts.subscriptionEvents).to.be.at.least(counting.counts.handledEvents);
      // What the service holds besides its socket: events read but not yet written, within the bound (plus the one
      // waiting in the handler for the socket to drain).
      const pendingBytes = counting.counts.subscriptionBytes - counting.counts.handledBytes;
      expect(pendingBytes).to.be.at.most(bufferBytes);
      expect(counting.counts.subscriptionEvents - counting.counts.handledEvents).to.be.at.most(
        Math.ceil(bufferBytes / 40_000) + 1,
      );
    } finally {
      socket.destroy();
    }
    await waitFor(() => t.service.changeFeeds?.count === 0, 'the feed to end');
  });

  it('delivers everything to the same client once it reads', async () => {
    counting.reset();
    const socket = openStalledFeed(t);
    let received = 0;
    try {
      await waitFor(() => counting.counts.handledEvents > 0, 'the first event');
      await settled(() => counting.counts.subscriptionEvents);
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1').split('event: Padded\n').length - 1));
      socket.resume();
      await waitFor(() => received >= events, 'every event');
    } finally {
      socket.destroy();
    }
  });
});

describe('GET /changes: caps on open feeds', function () {
  let t: RoleTestService;
  before(async () => (t = await startRoleService({ CAL_CHANGES_MAX_FEEDS: '3', CAL_CHANGES_MAX_FEEDS_PER_USER: '2' })));
  after(async () => t.close());

  it(
    'refuses a user beyond their feeds, then anyone beyond the process, with 503 and ' +
      'Retry-After; a closed feed frees its place',
    async () => {
      const first = await openFeed(t);
      const second = await openFeed(t);
      const third = await openFeed(t);
      await third.ended;
      expect(third.status).to.equal(503);
      expect(third.headers['retry-after']).to.equal('30');
      expect(JSON.parse(third.text())).to.deep.equal({
        code: 'cal_too_many_change_feeds',
        message: 'Too many change feeds are open. Try again later.',
        data: { status: 503 },
      });

      const editor = await openFeed(t, '', { auth: as('editor') ?? null });
      expect(editor.status).to.equal(200);
      const editorsSecond = await t.by('editor', 'GET', `/ca${CHANGES}`);
      expectError(
        editorsSecond,
        503,
        'cal_too_many_change_feeds',
        'Hi ha massa fluxos de canvis oberts. Torneu-ho a provar més tard.',
      );

      first.abort();
      await waitFor(() => t.service.changeFeeds?.count === 2, 'the closed feed to end');
      const again = await openFeed(t);
      expect(again.status).to.equal(200);
      for (const feed of [second, editor, again]) feed.abort();
      await waitFor(() => t.service.changeFeeds?.count === 0, 'every feed to end');
    },
  );
});
