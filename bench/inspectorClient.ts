// A minimal DevTools-protocol client for a child process started with `--inspect=127.0.0.1:<port>`: forces a full
// garbage collection, reads `process.memoryUsage()` inside the child, and streams heap snapshots to a file. It uses
// Node's own WebSocket client, experimental in Node 20: run the script that uses it with `--experimental-websocket`.
import { createWriteStream } from 'node:fs';

interface MiniSocket {
  onopen: (() => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(text: string): void;
  close(): void;
}

interface ProtocolMessage {
  readonly id?: number;
  readonly method?: string;
  readonly params?: { readonly chunk?: string };
  readonly result?: unknown;
  readonly error?: { readonly message: string };
}

/** `process.memoryUsage()` of the inspected process, in bytes. */
export interface HeapFigures {
  readonly rss: number;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

export class InspectorClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (e: Error) => void }>();
  private chunkSink: ((chunk: string) => void) | undefined;

  private constructor(private readonly socket: MiniSocket) {
    socket.onmessage = (event) => this.received(JSON.parse(String(event.data)) as ProtocolMessage);
  }

  /** Connects to the first target the inspector on `port` lists. */
  static async connect(port: number): Promise<InspectorClient> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const url = targets[0]?.webSocketDebuggerUrl;
    if (!url) throw new Error(`no inspector target on port ${port}`);
    const Socket = (globalThis as unknown as { WebSocket?: new (url: string) => MiniSocket }).WebSocket;
    if (!Socket) throw new Error('no WebSocket client: run this script with node --experimental-websocket');
    const socket = new Socket(url);
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error(`could not open ${url}`));
    });
    return new InspectorClient(socket);
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** A full, compacting collection (what a heap snapshot does first), so that only live objects remain. */
  async collectGarbage(): Promise<void> {
    await this.send('HeapProfiler.collectGarbage');
  }

  async memoryUsage(): Promise<HeapFigures> {
    const answer = (await this.send('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(answer.result.value) as HeapFigures;
  }

  /** CPU seconds the inspected process has used (user and system, every thread: the GC's helpers included). */
  async cpuSeconds(): Promise<number> {
    const answer = (await this.send('Runtime.evaluate', {
      expression: 'JSON.stringify(process.cpuUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    const { user, system } = JSON.parse(answer.result.value) as { user: number; system: number };
    return (user + system) / 1e6;
  }

  /**
   * Main-thread garbage-collection pauses since the first call (a `gc` performance observer installed then): count
   * and milliseconds, all and the full (mark-compact) ones.
   */
  async gcPauses(): Promise<{ count: number; ms: number; full: number; fullMs: number }> {
    const answer = (await this.send('Runtime.evaluate', {
      expression: `(() => {
        if (!globalThis.benchGcPauses) {
          const pauses = (globalThis.benchGcPauses = { count: 0, ms: 0, full: 0, fullMs: 0 });
          const { PerformanceObserver, constants } = process.getBuiltinModule('perf_hooks');
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              pauses.count++;
              pauses.ms += entry.duration;
              if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
                pauses.full++;
                pauses.fullMs += entry.duration;
              }
            }
          }).observe({ entryTypes: ['gc'] });
        }
        return JSON.stringify(globalThis.benchGcPauses);
      })()`,
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(answer.result.value) as { count: number; ms: number; full: number; fullMs: number };
  }

  /** V8's heap spaces in the inspected process: `name used/size` in MB, where the heap's room lies. */
  async heapSpaces(): Promise<string> {
    const answer = (await this.send('Runtime.evaluate', {
      expression: `process.getBuiltinModule('v8').getHeapSpaceStatistics()
        .map((s) => s.space_name + ' ' + (s.space_used_size / 1048576).toFixed(1) + '/' +
          (s.space_size / 1048576).toFixed(1))
        .join(', ')`,
      returnByValue: true,
    })) as { result: { value: string } };
    return answer.result.value;
  }

  /** Writes a heap snapshot (Chrome DevTools format) of the inspected process to `path`. */
  async writeHeapSnapshot(path: string): Promise<void> {
    const file = createWriteStream(path);
    this.chunkSink = (chunk) => file.write(chunk);
    try {
      await this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    } finally {
      this.chunkSink = undefined;
      await new Promise<void>((resolve, reject) =>
        file.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    }
  }

  close(): void {
    this.socket.close();
  }

  private received(message: ProtocolMessage): void {
    if (message.method === 'HeapProfiler.addHeapSnapshotChunk') this.chunkSink?.(message.params?.chunk ?? '');
    if (message.id === undefined) return;
    const waiting = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (message.error) waiting?.reject(new Error(message.error.message));
    else waiting?.resolve(message.result);
  }
}
