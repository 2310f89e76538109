// A Server-Sent Events test client on node:http: parses the stream as EventSource would, and can hang up abruptly.
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface SseMessage {
  /** The `id:` of this message, if it had one. */
  readonly id: string | undefined;
  /** `event:`; EventSource's default is `message`. */
  readonly event: string;
  readonly data: string;
}

export interface SseConnection {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** Every message dispatched so far: only messages whose closing blank line arrived. */
  readonly messages: SseMessage[];
  /** Comment lines (without the leading `:`), e.g. heartbeats. */
  readonly comments: string[];
  /** `retry:` values received. */
  readonly retries: number[];
  /** The body of a non-stream answer (errors), complete once `ended` resolved. */
  text(): string;
  /** The last event id, as an EventSource would resend it in `Last-Event-ID`. */
  lastEventId(): string;
  /** Resolves when the server ended the response or the connection dropped; `clean` tells which. */
  readonly ended: Promise<{ readonly clean: boolean }>;
  /** Hangs up at once, as a killed browser tab would. */
  abort(): void;
}

/** Incremental parser of the `text/event-stream` format (WHATWG HTML §9.2.6). */
export class SseParser {
  private pending = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  lastEventId = '';

  constructor(
    private readonly onMessage: (message: SseMessage) => void,
    private readonly onComment: (text: string) => void = () => undefined,
    private readonly onRetry: (ms: number) => void = () => undefined,
  ) {}

  push(chunk: string): void {
    const lines = (this.pending + chunk).split(/\r\n|\r|\n/);
    // The last piece has no line ending yet (a lone trailing `\r` may still become `\r\n`; tests never split there).
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return this.onComment(line.slice(1).trimStart());
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.onRetry(Number(value));
  }

  private dispatch(): void {
    const message = { id: this.id, event: this.event || 'message', data: this.data.join('\n') };
    const hasData = this.data.length > 0;
    this.data = [];
    this.event = '';
    this.id = undefined;
    if (hasData) this.onMessage(message);
  }
}

/**
 * Opens `url`; resolves once the response headers arrived (the body keeps streaming into the connection).
 * `onMessage` runs as each message is dispatched, in the same turn (to act on a delivery before anything else runs).
 */
export function openSse(
  url: string,
  headers: Record<string, string> = {},
  onMessage?: (message: SseMessage) => void,
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers: { accept: 'text/event-stream', ...headers } });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      const messages: SseMessage[] = [];
      const comments: string[] = [];
      const retries: number[] = [];
      let text = '';
      const parser = new SseParser(
        (message) => {
          messages.push(message);
          onMessage?.(message);
        },
        (comment) => comments.push(comment),
        (ms) => retries.push(ms),
      );
      const ended = new Promise<{ clean: boolean }>((done) => {
        res.on('end', () => done({ clean: true }));
        res.on('error', () => done({ clean: false }));
        res.on('close', () => done({ clean: res.complete }));
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        parser.push(chunk);
      });
      // After the response arrived, a dropped connection is reported through `ended`, not as a rejection.
      req.removeListener('error', reject);
      req.on('error', () => undefined);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        comments,
        retries,
        text: () => text,
        lastEventId: () => parser.lastEventId,
        ended,
        abort: () => req.destroy(),
      });
    });
    req.end();
  });
}

/** Polls `condition` (no fixed sleeps: a loaded machine only makes it slower); fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
