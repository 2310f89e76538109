// Specifies that request logs keep no credentials: no `password` query value, no Authorization header, no body.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { pino } from 'pino';
import { loadConfig } from '../../../src/config/config.ts';
import { startService, type RunningService } from '../../../src/service.ts';
import { redactedUrl } from '../../../src/http/observability/requestContext.ts';
import { adminAuth, adminPassword } from '../../support/testService.ts';

describe('request logs keep no credentials', () => {
  const lines: string[] = [];
  let dir: string;
  let service: RunningService;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cal-logs-'));
    const config = loadConfig({ PORT: '0', CAL_DATA_DIR: dir, CAL_ADMIN_PASSWORD: adminPassword });
    service = await startService(config, pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }));
  });
  after(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs each request with the values of secret query parameters replaced, and no header or body', async () => {
    const secret = 'hunter2-unlocks';
    const headers = { authorization: adminAuth, 'content-type': 'application/json' };
    await fetch(`${service.url}/cal/events/v1/events/1?password=${secret}&context=edit`, {
      headers: { authorization: adminAuth },
    });
    await fetch(`${service.url}/cal/events/v1/venues?Password=${secret}&api_token=${secret}`);
    await fetch(`${service.url}/cal/events/v1/venues`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ venue: 'Hall', password: secret }),
    });
    const requests = lines.filter((line) => line.includes('"msg":"request"'));
    expect(requests).to.have.length(3);
    const all = lines.join('\n');
    for (const leaked of [secret, adminPassword, adminAuth.slice('Basic '.length)]) expect(all).to.not.include(leaked);
    expect(requests[0]).to.include('/cal/events/v1/events/1?password=[REDACTED]&context=edit');
    expect(requests[1]).to.include('?Password=[REDACTED]&api_token=[REDACTED]');
  });

  it('redacts names however they are written, and leaves addresses without secrets alone', () => {
    expect(redactedUrl('/x?pass%77ord=a&b=c')).to.equal('/x?pass%77ord=[REDACTED]&b=c');
    expect(redactedUrl('/x?page=2&per_page=5')).to.equal('/x?page=2&per_page=5');
    expect(redactedUrl('/x')).to.equal('/x');
  });
});
