// One open change feed: a store subscription written to one HTTP response as Server-Sent Events, with backpressure.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { EventStore } from '../../../events/eventStore.ts';
import { changeFrame, heartbeatFrame, retryFrame } from './changeMessage.ts';

/** The parts of a Node response a feed uses (a narrow type, so that the feed can be specified without sockets). */
export type FeedResponse = Pick<
  ServerResponse,
  | 'writeHead'
  | 'write'
  | 'end'
  | 'once'
  | 'off'
  | 'socket'
  | 'writableNeedDrain'
  | 'writableEnded'
  | 'destroyed'
  | 'writableHighWaterMark'
>;

export const streamHeaders: OutgoingHttpHeaders = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache',
  // Tells nginx-like proxies not to buffer, which would hold messages back until a buffer fills.
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
};

export interface ChangeFeedOptions {
  /** Exclusive start position; undefined: the beginning of the store. */
  readonly after: bigint | undefined;
  readonly carries: (streamId: string) => boolean;
  readonly heartbeatMs: number;
  /**
   * What the feed may hold for its client: events read from the store ahead of the socket plus the response's own
   * buffer (about one frame past Node's 16 KiB mark). Reading stops while the socket is not drained.
   */
  readonly bufferBytes: number;
}

export interface ChangeFeed {
  /** Resolves once the response is closed and the subscription has stopped. */
  readonly ended: Promise<void>;
  /**
   * Ends the stream from the server side (shutdown); the client sees a normal end and reconnects elsewhere or later.
   */
  shutDown(): void;
}

/** How long a shut-down feed's client gets to take the last bytes before its connection is cut. */
const shutdownGraceMs = 2000;

/** Opens the stream: headers, the reconnection delay, then events from the subscription as they come. */
export function openChangeFeed(store: EventStore, response: FeedResponse, options: ChangeFeedOptions): ChangeFeed {
  if (response.destroyed) return { ended: Promise.resolve(), shutDown: () => undefined };
  response.writeHead(200, streamHeaders);
  response.write(retryFrame);

  let writable = true;
  let releaseDrainWait: (() => void) | undefined;
  // A timer restarted by every write, so heartbeats only fill silences.
  const heartbeat = setTimeout(() => {
    if (writable && !response.writableNeedDrain) response.write(heartbeatFrame);
    heartbeat.refresh();
  }, options.heartbeatMs);
  heartbeat.unref();
  const send = (frame: string): boolean => {
    heartbeat.refresh();
    return response.write(frame);
  };

  // The subscription waits for onEvent, so a consumer slower than the writers holds the reading, not our memory:
  // a client that does not read costs its socket's buffers, the response's high-water mark and the read-ahead.
  const drained = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        response.off('drain', done);
        releaseDrainWait = undefined;
        resolve();
      };
      releaseDrainWait = done;
      response.once('drain', done);
    });

  const subscription = store.subscribeToAll({
    after: options.after,
    // The response buffers up to its high-water mark before write() asks to wait; the read-ahead gets the rest.
    readAheadBytes: Math.max(1, options.bufferBytes - (response.writableHighWaterMark ?? 16_384)),
    onEvent: async (event) => {
      if (!writable || !options.carries(event.streamId)) return;
      if (!send(changeFrame(event))) await drained();
    },
  });

  let stopping: Promise<void> | undefined;
  const stopDelivery = (): Promise<void> => {
    writable = false;
    clearTimeout(heartbeat);
    releaseDrainWait?.();
    stopping ??= subscription.stop();
    return stopping;
  };
  const closed = new Promise<void>((resolve) => response.once('close', () => resolve()));
  const ended = closed.then(stopDelivery);

  // The store went away: end the response; the client reconnects with Last-Event-ID and misses nothing.
  void subscription.failed.then(() => {
    void stopDelivery();
    if (!response.writableEnded) response.end();
  });

  return {
    ended,
    shutDown(): void {
      if (!writable) return;
      void stopDelivery();
      const socket = response.socket;
      response.end();
      // The connection would otherwise stay open as an idle keep-alive one and hold the server's close.
      socket?.end();
      if (socket) {
        const cut = setTimeout(() => socket.destroy(), shutdownGraceMs);
        cut.unref();
        socket.once('close', () => clearTimeout(cut));
      }
    },
  };
}

/** `HEAD /changes`: the headers of a feed, and no stream. */
export function answerHead(response: FeedResponse): void {
  response.writeHead(200, streamHeaders);
  response.end();
}
