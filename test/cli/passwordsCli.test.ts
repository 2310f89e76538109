// Specifies `cal passwords migrate` beside a running service on a real lmdb store: the unsalted digests older versions
// recorded are wrapped in argon2id, one change per item, and the passwords keep opening their items.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { cal } from '../support/calCli.ts';
import { startTestService, type TestService } from '../support/testService.ts';

const API = '/cal/events/v1';
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const metadata = (schemaVersion: number) => ({
  actor: '1',
  occurredAt: '2025-06-01T10:00:00.000Z',
  correlationId: 'c-legacy',
  causationId: 'c-legacy',
  schemaVersion,
});

describe('cal passwords migrate (CLI beside a running service)', function () {
  this.timeout(120_000);
  let dir: string;
  let t: TestService;
  const ids: Record<'events' | 'venues' | 'organizers', number> = { events: 0, venues: 0, organizers: 0 };

  /** Polls until `check` holds: the running service projects what another process appended. */
  const eventually = async (what: string, check: () => Promise<boolean>): Promise<void> => {
    for (let tries = 0; tries < 300; tries += 1) {
      if (await check()) return;
      await pause(20);
    }
    throw new Error(`never: ${what}`);
  };
  const status = async (path: string) => (await t.request('GET', `${API}${path}`)).status;
  const venueCity = async (query: string) =>
    ((await t.request('GET', `${API}/venues/${ids.venues}${query}`)).body as { city: string }).city;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cal-cli-pw-'));
    t = await startTestService({}, dir);
    const created = async (kind: keyof typeof ids, body: Record<string, unknown>) => {
      const res = await t.admin('POST', `${API}/${kind}`, { body });
      expect(res.status, res.text).to.equal(201);
      ids[kind] = (res.body as { id: number }).id;
    };
    await created('events', { title: 'Old gala', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' });
    await created('venues', { venue: 'Old hall', city: 'Hidden city' });
    await created('organizers', { organizer: 'Old org', email: 'old@example.com' });
    // What earlier versions recorded for `password=open-sesame`: its unsalted SHA-256, under each type's old version.
    const digest = sha256Hex('open-sesame');
    await t.service.store.append(
      `event-${ids.events}`,
      [
        {
          type: 'EventDetailsChanged',
          data: { id: ids.events, changes: { passwordSha256: digest } },
          metadata: metadata(1),
        },
      ],
      0n,
    );
    await t.service.store.append(
      `venue-${ids.venues}`,
      [
        {
          type: 'VenueDetailsChanged',
          data: { id: ids.venues, changes: { passwordSha256: digest } },
          metadata: metadata(2),
        },
      ],
      0n,
    );
    await t.service.store.append(
      `organizer-${ids.organizers}`,
      [
        {
          type: 'OrganizerDetailsChanged',
          data: { id: ids.organizers, changes: { passwordSha256: digest } },
          metadata: metadata(1),
        },
      ],
      0n,
    );
    await eventually(
      'the legacy passwords lock their items',
      async () => (await status(`/events/${ids.events}`)) === 403 && (await venueCity('')) === '',
    );
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('wraps each legacy digest in argon2id with one change per item, and the old passwords still unlock', async () => {
    const run = await cal(['--data-dir', dir, 'passwords', 'migrate', '--json']);
    expect(run, run.stderr).to.include({ code: 0 });
    const outcome = JSON.parse(run.stdout) as { migrated: string[]; changedMeanwhile: string[] };
    expect([...outcome.migrated].sort()).to.deep.equal(
      [`event-${ids.events}`, `organizer-${ids.organizers}`, `venue-${ids.venues}`].sort(),
    );
    expect(outcome.changedMeanwhile).to.deep.equal([]);
    for (const stream of outcome.migrated) {
      const events = await t.service.store.readStream(stream);
      expect(events, stream).to.have.length(3);
      const last = events.at(-1);
      const hash = (last?.data as { changes: { passwordHash: string } }).changes.passwordHash;
      expect(hash, stream).to.match(/^sha256-argon2id:\$argon2id\$/);
      expect(hash).to.not.include(sha256Hex('open-sesame'));
    }
    await eventually('the service projects the migration', async () => {
      const events = await t.service.store.readStream(`venue-${ids.venues}`);
      return events.length === 3 && (await venueCity('?password=open-sesame')) === 'Hidden city';
    });
    expect(await status(`/events/${ids.events}?password=open-sesame`)).to.equal(200);
    expect(await status(`/events/${ids.events}?password=open-sesamE`)).to.equal(403);
    expect(await status(`/events/${ids.events}?password=${sha256Hex('open-sesame')}`)).to.equal(403);
    expect(await venueCity('')).to.equal('');
    const organizer = await t.request('GET', `${API}/organizers/${ids.organizers}?password=open-sesame`);
    expect((organizer.body as { email: string }).email).to.equal('old@example.com');
  });

  it('finds nothing left to migrate the second time', async () => {
    const run = await cal(['--data-dir', dir, 'passwords', 'migrate']);
    expect(run, run.stderr).to.include({ code: 0 });
    expect(run.stdout).to.include('Migrated 0 password digest(s)');
  });

  it('refuses an unknown subcommand as wrong usage', async () => {
    const run = await cal(['--data-dir', dir, 'passwords', 'rehash']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('passwords: unknown subcommand "rehash"');
  });
});
