// An HTTP client that sends what it is given as is: any method token, path bytes, headers and raw body bytes.
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface RawRequest {
  readonly method: string;
  /** Sent verbatim: percent garbage, `..`, `//` and latin-1 bytes reach the server undecoded. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  /** An event stream that the client hung up on at once: its body is not read. */
  readonly streamed: boolean;
}

/** Far above any answer time of a healthy service on a loaded machine; a request past it is a hang. */
const answerDeadlineMs = 20_000;

/** One keep-alive connection per target, as a real client pool would reuse it; Node drops it when the server closes. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

export function sendRaw(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  // Node's client frames no body of a GET, HEAD or DELETE by itself: its bytes would read as the next request.
  const headers = req.body === undefined ? req.headers : { ...req.headers, 'content-length': String(req.body.length) };
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, method: req.method, path: req.path, headers, agent },
      (res) => {
        // A change feed never ends; its status and headers are all the property needs.
        if (String(res.headers['content-type']).includes('text/event-stream')) {
          res.destroy();
          return resolve({ status: res.statusCode ?? 0, headers: res.headers, text: '', streamed: true });
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            streamed: false,
          }),
        );
        res.on('error', reject);
      },
    );
    outgoing.setTimeout(answerDeadlineMs, () => outgoing.destroy(new Error(`no answer within ${answerDeadlineMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

/** Writes raw bytes on a fresh connection, half-closes it, and collects whatever comes back until the server closes. */
export function sendBytes(baseUrl: string, bytes: Buffer): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(answerDeadlineMs, () =>
      socket.destroy(new Error(`connection still open after ${answerDeadlineMs} ms`)),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may reset a connection it refused while bytes were still arriving: what it sent before still counts.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? socket.destroy() : reject(error),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.end(bytes);
  });
}

export const destroyAgent = (): void => agent.destroy();
