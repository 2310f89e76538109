// Listening and graceful closing: stop accepting, let in-flight requests finish within a grace period, then cut.
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { clientErrorMessage, hostRequired } from './errors/limitErrors.ts';
import { simpleError, type WireError } from './errors/wireError.ts';
import type { RequestShortcut } from './keptAnswerShortcut.ts';
import { InFlightSlots } from './inFlightSlots.ts';

/** Where a response under way is kept in the server's in-flight slots (set when it comes in). */
const inFlightSlot = Symbol('inFlightSlot');
type SlottedResponse = ServerResponse & { [inFlightSlot]?: number };

/** What a request gets while the service is bound but still opening its stores and read model. */
const starting = simpleError(503, 'rest_starting', undefined, { 'Retry-After': '1' });

export interface HttpServer {
  readonly url: string;
  /**
   * Starts answering with `app`; until then every request gets 503 `rest_starting` with Retry-After. `shortcut` is
   * asked first, while the server is not closing (keptAnswerShortcut.ts): what it does not answer goes to `app`.
   */
  serve(app: Koa, shortcut?: RequestShortcut): void;
  /** Stops accepting at once; `beforeDrain` ends endless responses (change feeds) so that the drain can finish. */
  close(graceMs: number, beforeDrain?: () => Promise<void>): Promise<void>;
}

/** Slow clients may not hold a connection open by trickling headers or a body (slowloris). */
export interface ConnectionTimeouts {
  /** From the first byte of a request until its headers are complete. */
  readonly headersMs: number;
  /** From the first byte of a request until its body is complete; at least `headersMs`. */
  readonly requestMs: number;
}

export const defaultTimeouts: ConnectionTimeouts = { headersMs: 10_000, requestMs: 30_000 };

/**
 * Binds the port; `app` answers once given (here or through `serve`). Binding comes first at a start, so that a port
 * in use stops it before anything is written.
 */
export async function listen(
  app: Koa | undefined,
  port: number,
  host: string,
  timeouts: ConnectionTimeouts = defaultTimeouts,
): Promise<HttpServer> {
  let handle: ReturnType<Koa['callback']> | undefined = app?.callback();
  let shortcut: RequestShortcut | undefined;
  // Set once close begins: from then every request goes to the app, which ends keep-alive connections.
  let closing = false;
  const server: Server = createServer(serverOptions(timeouts), (req, res) => {
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is refused with 400.
    if (req.httpVersion === '1.1' && req.headers.host === undefined) return answerWithoutApp(res, hostRequired);
    if (handle === undefined) return answerWithoutApp(res, starting);
    if (!closing && shortcut?.(req, res)) return;
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  const answering = answerClientErrors(server);
  // Node's close() only closes connections idle at that moment; a busy keep-alive connection would then live on (and
  // take new requests, as a proxy's upstream pool sends them) until its client hangs up or the grace period cuts it.
  // Slots rather than a Set: a Set made finished write requests outlive their scavenges (inFlightSlots.ts).
  const inFlight = new InFlightSlots<ServerResponse>();
  // One listener for every response ('close' comes once): no closure or once-wrapper made per request.
  const forgetResponse = function (this: SlottedResponse) {
    inFlight.remove(this[inFlightSlot] ?? -1, this);
  };
  const endKeepAlive = (res: ServerResponse) => {
    if (!res.headersSent) res.shouldKeepAlive = false;
    const closeIdle = () => setImmediate(() => server.closeIdleConnections());
    if (res.writableFinished) closeIdle();
    else res.once('finish', closeIdle);
  };
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    answering.set(req.socket, res);
    if (closing) return endKeepAlive(res);
    (res as SlottedResponse)[inFlightSlot] = inFlight.add(res);
    res.on('close', forgetResponse);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${bound}`,
    serve: (served, first) => {
      handle = served.callback();
      shortcut = first;
    },
    close: async (graceMs, beforeDrain) => {
      // Idle keep-alive connections close here; busy ones answer with `Connection: close` and end after their response.
      closing = true;
      for (const res of inFlight) endKeepAlive(res);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await beforeDrain?.();
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(cut);
    },
  };
}

function serverOptions(timeouts: ConnectionTimeouts): ServerOptions {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    // Node looks for expired requests every 30 s by default, so a 10 s limit could let a slow client hold on for 40.
    connectionsCheckingInterval: Math.max(50, Math.min(timeouts.headersMs, timeouts.requestMs) / 4),
    // Checked in the request handler instead, so that the refusal carries the wire error body.
    requireHostHeader: false,
  };
}

/**
 * Requests Node's parser refuses (unreadable, headers over its 16 KB, too slow) never reach Koa: they are answered
 * here, in the wire format. Returns the map the server keeps of the response under way on each connection.
 */
function answerClientErrors(server: Server): WeakMap<Duplex, ServerResponse> {
  const answering = new WeakMap<Duplex, ServerResponse>();
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    const previous = answering.get(socket);
    const current = previous !== undefined && !previous.writableFinished ? previous : undefined;
    // A response already under way cannot be followed by another on the same bytes: the connection just ends.
    if (error.code === 'ECONNRESET' || !socket.writable || current?.headersSent) return socket.destroy();
    // A client reads no body after the head of an answer to HEAD; one would corrupt its connection.
    const head = current ? current.req.method === 'HEAD' : refusedHead(error);
    socket.end(clientErrorMessage(error.code, { withBody: !head }), () => socket.destroy());
  });
  return answering;
}

/** What Node's HTTP parser adds to the errors it raises: the bytes of the read it failed in and where it stopped. */
type ParserError = NodeJS.ErrnoException & { readonly rawPacket?: Buffer; readonly bytesParsed?: number };

/**
 * Whether the request the parser refused was a HEAD. Its request line is the last complete one before the error,
 * unless that message's headers already ended: then the error is on a new request line (which the read may begin
 * with the unframed end of the previous request's body glued to).
 */
export function refusedHead(error: ParserError): boolean {
  if (!error.rawPacket) return false;
  const lines = error.rawPacket
    .subarray(0, error.bytesParsed ?? error.rawPacket.length)
    .toString('latin1')
    .split('\n');
  const errorLine = lines.length - 1;
  const requestLine = lines.findLastIndex((line, index) => index < errorLine && / HTTP\/\d\.\d\r?$/.test(line));
  const headersEnded =
    requestLine < 0 || lines.slice(requestLine + 1, errorLine).some((line) => line === '\r' || line === '');
  const line = lines[headersEnded ? errorLine : requestLine] ?? '';
  return line.split(' ', 1)[0]?.endsWith('HEAD') ?? false;
}

/** Ends a request the API never sees with a wire error, and its connection with it. */
function answerWithoutApp(res: ServerResponse, error: WireError): void {
  const body = JSON.stringify(error.body('en'));
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
    ...error.headers,
  });
  res.end(body);
}
