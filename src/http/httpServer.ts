// Listening and graceful closing: stop accepting, let in-flight requests finish within a grace period, then cut.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface HttpServer {
  readonly url: string;
  /** Stops accepting at once; `beforeDrain` ends endless responses (change feeds) so that the drain can finish. */
  close(graceMs: number, beforeDrain?: () => Promise<void>): Promise<void>;
}

export async function listen(app: Koa, port: number, host: string): Promise<HttpServer> {
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(port, host, () => resolve(listening)).on('error', reject);
  });
  // Slow clients may not hold a connection open by trickling headers or a body (slowloris).
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  // Node's close() only closes connections idle at that moment; a busy keep-alive connection would then live on (and
  // take new requests, as a proxy's upstream pool sends them) until its client hangs up or the grace period cuts it.
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  const endKeepAlive = (res: ServerResponse) => {
    if (!res.headersSent) res.shouldKeepAlive = false;
    const closeIdle = () => setImmediate(() => server.closeIdleConnections());
    if (res.writableFinished) closeIdle();
    else res.once('finish', closeIdle);
  };
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) return endKeepAlive(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${bound}`,
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
