// Specifies `cal import-ics FILE` (docs/api.md §21.2) beside a running service on a real lmdb store: the file's
// entries become events through the same command as POST events.ics, the service projects them, an existing venue
// of the same name and address is linked, and a second run changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { cal } from '../support/calCli.ts';
import { startTestService, type TestService } from '../support/testService.ts';

const API = '/cal/events/v1';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/ics/${name}`, import.meta.url));

describe('cal import-ics (CLI beside a running service)', function () {
  this.timeout(120_000);
  let dir: string;
  let t: TestService;

  /** Polls until `check` holds: the running service projects what another process appended. */
  const eventually = async (what: string, check: () => Promise<boolean>): Promise<void> => {
    for (let tries = 0; tries < 300; tries += 1) {
      if (await check()) return;
      await pause(20);
    }
    throw new Error(`never: ${what}`);
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cal-cli-ics-'));
    t = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' }, dir);
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports the entries, linking the venue the service has, and changes nothing the second time', async () => {
    const venue = await t.admin('POST', `${API}/venues`, {
      body: { venue: 'Gasthaus Zur Linde', address: 'Hauptstraße 5, 10115 Berlin' },
    });
    expect(venue.status).to.equal(201);
    const env = { CAL_TIMEZONE: 'Europe/Madrid' };
    const first = await cal(['--data-dir', dir, 'import-ics', fixture('thunderbird.ics'), '--json'], env);
    expect(first.code, first.stderr).to.equal(0);
    const report = JSON.parse(first.stdout) as { created: number; events: { uid: string; id: number }[] };
    expect(report).to.include({ created: 2 });
    const id = report.events.find((e) => e.uid === '8d2f1c3e-1111-4a2b-9c3d-123456789abc')?.id;
    await eventually(
      'the service projects the import',
      async () => (await t.admin('GET', `${API}/events/${id}`)).status === 200,
    );
    const event = (await t.admin('GET', `${API}/events/${id}`)).body as Record<string, unknown>;
    expect(event).to.include({ timezone: 'Europe/Berlin', start_date: '2027-09-15 19:00:00' });
    expect((event.venue as { id: number }).id).to.equal((venue.body as { id: number }).id);
    const [recorded] = await t.service.store.readStream(`event-${id}`);
    expect(recorded?.metadata).to.include({ actor: 'cli' });
    expect(recorded?.metadata.importedFrom).to.deep.equal({
      uid: '8d2f1c3e-1111-4a2b-9c3d-123456789abc',
      source: 'thunderbird.ics',
    });
    const again = await cal(['--data-dir', dir, 'import-ics', fixture('thunderbird.ics')], env);
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.contain('Imported: 0 created, 0 updated, 2 unchanged, 0 skipped.');
  });

  it('refuses a file that is not iCalendar with its line, writing nothing (exit 1)', async () => {
    const head = await t.service.store.headPosition();
    const run = await cal(['--data-dir', dir, 'import-ics', fixture('../wire-examples/01-index.json')]);
    expect(run.code).to.equal(1);
    expect(run.stderr).to.match(/not iCalendar: line 1: not-a-calendar/);
    expect(await t.service.store.headPosition()).to.equal(head);
  });

  it('answers a missing file argument as wrong usage (exit 2)', async () => {
    const run = await cal(['--data-dir', dir, 'import-ics']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.contain('missing <file>');
  });
});
