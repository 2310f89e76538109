// Probes shared by the tests that hold an answer given before Koa to Koa's own (keptAnswerShortcut.test.ts,
// firstItemReads.test.ts): raw answers with headers in order, captured log lines, the request and kept-answer metrics.
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { ServiceMetrics } from '../../../src/http/observability/metrics.ts';

export interface RawAnswer {
  readonly status: number;
  /** Names and values in turn, as received; Date's value blanked (it belongs to the moment). */
  readonly headers: readonly string[];
  readonly body: Buffer;
}

export type LogLine = Record<string, unknown>;

export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = [...res.rawHeaders];
        for (let at = 0; at < raw.length; at += 2) if (raw[at]?.toLowerCase() === 'date') raw[at + 1] = '';
        resolve({ status: res.statusCode ?? 0, headers: raw, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject).end();
  });
}

/** A logger at info whose lines land in `lines`. */
export function capturingLogger(lines: LogLine[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

export const keptCount = async (metrics: ServiceMetrics): Promise<number> =>
  (await metrics.keptAnswers.get()).values[0]?.value ?? 0;

/** The request counts by route and status, as `route status` texts. */
export async function requestCounts(metrics: ServiceMetrics): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { metricName, labels, value } of (await metrics.requestDuration.get()).values)
    if (metricName?.endsWith('_count')) counts.set(`${labels.method} ${labels.route} ${labels.status}`, value);
  return counts;
}

/** The series counted once more since `before`. */
export const countedSince = (now: Map<string, number>, before: Map<string, number>): string[] =>
  [...now].filter(([key, count]) => count === (before.get(key) ?? 0) + 1).map(([key]) => key);
