// Specifies one feed against a scripted store and response: backpressure, hang-ups and store failures.
import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import type { OutgoingHttpHeaders } from 'node:http';
import type { EventStore, RecordedEvent, SubscribeOptions } from '../../../src/events/eventStore.ts';
import { openChangeFeed, type FeedResponse } from '../../../src/http/routes/changes/changeFeed.ts';
import { waitFor } from '../../support/sseClient.ts';

/** A response whose socket is "full" while `full` is set, as a slow consumer's would be. */
class ScriptedResponse extends EventEmitter {
  full = false;
  status: number | undefined;
  headers: OutgoingHttpHeaders | undefined;
  readonly written: string[] = [];
  writableEnded = false;
  destroyed = false;
  socket = null;
  get writableNeedDrain(): boolean {
    return this.full;
  }
  writeHead(status: number, headers: OutgoingHttpHeaders): this {
    this.status = status;
    this.headers = headers;
    return this;
  }
  write(chunk: string): boolean {
    this.written.push(chunk);
    return !this.full;
  }
  end(): this {
    this.writableEnded = true;
    setImmediate(() => this.emit('close'));
    return this;
  }
  hangUp(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

/** A store whose one subscription is driven by the test. */
function scriptedStore() {
  let options: SubscribeOptions | undefined;
  let fail: (error: Error) => void = () => undefined;
  const state = { stopped: false };
  const store = {
    subscribeToAll(given: SubscribeOptions) {
      options = given;
      return {
        failed: new Promise<Error>((resolve) => (fail = resolve)),
        stop: async () => {
          state.stopped = true;
        },
      };
    },
  } as unknown as EventStore;
  return {
    store,
    state,
    deliver: (event: RecordedEvent) => Promise.resolve(options?.onEvent(event)),
    after: () => options?.after,
    fail: (error: Error) => fail(error),
  };
}

const recorded = (position: bigint, streamId: string): RecordedEvent => ({
  streamId,
  revision: 0n,
  position,
  type: 'TagCreated',
  data: { id: 1 },
  metadata: {
    actor: '1',
    occurredAt: '2026-11-22T10:52:28.000Z',
    correlationId: 'c',
    causationId: 'c',
    schemaVersion: 1,
  },
});

const isSettled = async (promise: Promise<unknown>): Promise<boolean> => {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

describe('openChangeFeed', function () {
  const open = (response: ScriptedResponse, scripted: ReturnType<typeof scriptedStore>) =>
    openChangeFeed(scripted.store, response as unknown as FeedResponse, {
      after: 41n,
      carries: (streamId) => streamId.startsWith('tag-'),
      heartbeatMs: 60_000,
      bufferBytes: 262_144,
    });

  it('sends the headers and the retry line, then one frame per carried event, from the given position', async () => {
    const response = new ScriptedResponse();
    const scripted = scriptedStore();
    const feed = open(response, scripted);
    expect(response.status).to.equal(200);
    expect(scripted.after()).to.equal(41n);
    await scripted.deliver(recorded(42n, 'user-1'));
    await scripted.deliver(recorded(43n, 'tag-1'));
    expect(response.written).to.have.length(2);
    expect(response.written[0]).to.equal('retry: 2000\n\n');
    expect(response.written[1]).to.match(/^id: 43\nevent: TagCreated\ndata: \{.*\}\n\n$/);
    response.hangUp();
    await feed.ended;
  });

  it('holds the next event back until a full socket drains', async () => {
    const response = new ScriptedResponse();
    const scripted = scriptedStore();
    const feed = open(response, scripted);
    response.full = true;
    const handling = scripted.deliver(recorded(43n, 'tag-1'));
    expect(await isSettled(handling)).to.equal(false);
    response.full = false;
    response.emit('drain');
    expect(await isSettled(handling)).to.equal(true);
    expect(response.listenerCount('drain')).to.equal(0);
    response.hangUp();
    await feed.ended;
  });

  it('on a hang-up releases a handler waiting for drain, stops the subscription and writes nothing more', async () => {
    const response = new ScriptedResponse();
    const scripted = scriptedStore();
    const feed = open(response, scripted);
    response.full = true;
    const handling = scripted.deliver(recorded(43n, 'tag-1'));
    response.hangUp();
    await handling;
    await feed.ended;
    expect(scripted.state.stopped).to.equal(true);
    const before = response.written.length;
    await scripted.deliver(recorded(44n, 'tag-2'));
    expect(response.written).to.have.length(before);
  });

  it('ends the response when the store fails, so that the client reconnects', async () => {
    const response = new ScriptedResponse();
    const scripted = scriptedStore();
    const feed = open(response, scripted);
    scripted.fail(new Error('store down'));
    await waitFor(() => response.writableEnded, 'the response to end');
    await feed.ended;
    expect(scripted.state.stopped).to.equal(true);
  });

  it('on shutdown ends the response and stops delivering', async () => {
    const response = new ScriptedResponse();
    const scripted = scriptedStore();
    const feed = open(response, scripted);
    feed.shutDown();
    expect(response.writableEnded).to.equal(true);
    await feed.ended;
    expect(scripted.state.stopped).to.equal(true);
  });

  it('opens nothing for a client already gone', async () => {
    const response = new ScriptedResponse();
    response.destroyed = true;
    const scripted = scriptedStore();
    await open(response, scripted).ended;
    expect(response.written).to.deep.equal([]);
    expect(scripted.after()).to.equal(undefined);
  });
});
