// Starts the real service (embedded lmdb store, memory read model) on a temp dir and a free port, with a settable
// clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../src/config/config.ts';
import { startService, type RunningService, type ServiceHooks } from '../../src/service.ts';

export const adminPassword = 'admin-secret';
export const adminAuth = `Basic ${Buffer.from(`admin:${adminPassword}`).toString('base64')}`;
/** The instant of the captured examples (docs/api.md §17). */
export const captureTime = new Date('2026-11-22T10:52:28Z');

export interface TestResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly text: string;
}

export interface RequestOptions {
  readonly body?: unknown;
  /** Sent as is (form bodies, malformed JSON). */
  readonly rawBody?: string;
  readonly contentType?: string;
  readonly auth?: string;
  readonly headers?: Record<string, string>;
}

export interface TestService {
  readonly service: RunningService;
  readonly dataDir: string;
  /** Moves the service's clock. */
  setNow(date: Date): void;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  /** Same request as the admin. */
  admin(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

/** `startAt`: the clock at start, for what a start must do at a given time (scheduled publication on start). */
export async function startTestService(
  env: Record<string, string> = {},
  dataDir?: string,
  hooks: ServiceHooks = {},
  startAt: Date = captureTime,
): Promise<TestService> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'cal-test-'));
  let now = startAt;
  const config = loadConfig({
    PORT: '0',
    CAL_DATA_DIR: dir,
    CAL_PUBLIC_URL: 'http://localhost:8080',
    CAL_ADMIN_PASSWORD: adminPassword,
    ...env,
  });
  const service = await startService(config, pino({ level: 'silent' }), () => now, 'all', hooks);
  const request = async (method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.auth) headers.authorization = options.auth;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${service.url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: parseJson(text), text };
  };
  return {
    service,
    dataDir: dir,
    setNow: (date) => (now = date),
    request,
    admin: (method, path, options = {}) => request(method, path, { ...options, auth: adminAuth }),
    close: async () => {
      await service.close();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
