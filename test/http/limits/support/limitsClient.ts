// A node:http client for the limit specifications: bodies sent whole or as chunks (no Content-Length), on a
// keep-alive agent whose connection the next request reuses.
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { adminAuth } from '../../../support/testService.ts';

export const API = '/cal/events/v1';

export interface LimitResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  /** Parsed JSON body, or undefined. */
  readonly body: Record<string, unknown> | undefined;
}

export interface LimitRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  /** Sent with a Content-Length. */
  readonly body?: Buffer | string;
  /** Sent chunked, one write each: the server learns the size only as it reads. */
  readonly chunks?: readonly Buffer[];
}

export function send(baseUrl: string, agent: Agent, req: LimitRequest): Promise<LimitResponse> {
  const url = new URL(baseUrl);
  const body = typeof req.body === 'string' ? Buffer.from(req.body) : req.body;
  const headers: Record<string, string> = { authorization: adminAuth, ...req.headers };
  if (body) headers['content-length'] = String(body.length);
  if (req.chunks) headers['transfer-encoding'] = 'chunked';
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, method: req.method, path: req.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parseObject(text) });
        });
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    for (const chunk of req.chunks ?? []) outgoing.write(chunk);
    outgoing.end(body);
  });
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export const dates = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };
