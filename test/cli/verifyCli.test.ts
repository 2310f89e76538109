// Specifies `cal verify` as operators run it: the real CLI in a child process, beside a running service on the same
// data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { expect } from 'chai';
import { cal } from '../support/calCli.ts';
import { adminPassword, startTestService, type TestService } from '../support/testService.ts';
import { someActivity } from '../http/readModel/support/readModelActivity.ts';
import type { CaptureIds } from '../http/links/support/linkFixtures.ts';
import { parseInvocation, UsageError } from '../../src/cli/cliParser.ts';
import { checkpointedDigest, prepareVerifyCommand } from '../../src/cli/verifyCommand.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { digestReadStore } from '../../src/projections/digest/readModelDigest.ts';
import { anEventDocument } from '../projections/eventDocumentFixtures.ts';
import { CliFailure } from '../../src/cli/cliStore.ts';
import { digestEndpointOf } from '../../src/cli/verify/serviceDigest.ts';
import type { EventStore } from '../../src/events/eventStore.ts';
import { testMemos, testFolding } from '../support/memos.ts';

/** A port nothing listens on: one the system just handed out and that was closed again. */
async function aClosedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('cal verify (CLI beside a running service)', function () {
  this.timeout(60_000);
  let dir: string;
  let t: TestService;
  let ids: CaptureIds;
  const verify = (env: Record<string, string>, ...args: string[]) =>
    cal(['--data-dir', dir, 'verify', '--url', t.service.url, ...args], env);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cal-verify-'));
    t = await startTestService({}, dir);
    ids = await someActivity(t);
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the live read model identical to a replay: a table per collection, exit code 0', async () => {
    const run = await verify({}, '--user', 'admin', '--password', adminPassword);
    expect(run, run.stderr).to.include({ code: 0 });
    const lines = run.stdout.trimEnd().split('\n');
    const position = t.service.projections.appliedPosition.toString();
    expect(lines[0]).to.equal(
      `Read model at position ${position}: live (${t.service.url}) against a replay of the event store`,
    );
    expect(lines.slice(2, 8).map((line) => line.split(/\s+/))).to.deep.equal([
      ['COLLECTION', 'LIVE', 'REPLAYED', 'IDENTICAL'],
      ['events', '2', '2', 'yes'],
      ['venues', '2', '2', 'yes'],
      ['organizers', '1', '1', 'yes'],
      ['categories', '1', '1', 'yes'],
      ['tags', '2', '2', 'yes'],
    ]);
    expect(lines.at(-1)).to.equal(`identical: the live read model equals a replay up to position ${position}`);
  });

  it('prints one JSON object with --json, taking the password from CAL_VERIFY_PASSWORD', async () => {
    const run = await verify({ CAL_VERIFY_PASSWORD: adminPassword }, '--user', 'admin', '--json');
    expect(run, run.stderr).to.include({ code: 0 });
    const report = JSON.parse(run.stdout) as Record<string, unknown> & {
      collections: Record<string, Record<string, unknown>>;
    };
    expect(report).to.include({
      identical: true,
      position: t.service.projections.appliedPosition.toString(),
      live: t.service.url,
    });
    expect(Object.keys(report.collections)).to.deep.equal(['events', 'venues', 'organizers', 'categories', 'tags']);
    const { live, replayed, ...rest } = report.collections.events as {
      live: { count: number; digest: string };
      replayed: unknown;
    };
    expect(rest).to.deep.equal({ identical: true, differences: [] });
    expect(replayed).to.deep.equal(live);
    expect(live.count).to.equal(2);
    expect(live.digest).to.match(/^[0-9a-f]{64}$/);
  });

  it('fails with exit code 1 and one line when the password is wrong', async () => {
    const run = await verify({}, '--user', 'admin', '--password', 'wrong');
    expect(run).to.include({ code: 1, stdout: '' });
    expect(run.stderr).to.equal('cal: the service refused the credentials of "admin" (401 incorrect_password)\n');
  });

  it(
    'refuses to run without --url on the embedded deployment (exit code 2): the read model is ' + 'in the service',
    async () => {
      const run = await cal(['--data-dir', dir, 'verify']);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.include('the embedded read model lives in the service process; pass --url <service url>');
    },
  );

  // Last: the tampered document stays in the service's read model.
  it('names the collection and the document of a tampered live read model, exit code 1', async () => {
    const venue = await t.service.readStore.venues.get(ids.venue);
    if (!venue) throw new Error('the venue should be projected');
    await t.service.readStore.venues.put({ ...venue, name: 'Tampered', revision: venue.revision + 1 });
    const run = await verify({}, '--user', 'admin', '--password', adminPassword);
    expect(run, run.stderr).to.include({ code: 1 });
    expect(run.stdout).to.match(/^venues\s+2\s+2\s+DIFFERENT$/m);
    expect(run.stdout).to.match(/^events\s+2\s+2\s+yes$/m);
    expect(run.stdout).to.include(`venues: 1 document(s) differ: ${ids.venue} (changed)`);
    expect(run.stdout.trimEnd().split('\n').at(-1)).to.match(
      /^DIFFERENT: venues differ from a replay up to position \d+$/,
    );
  });
});

describe('cal verify, in process', function () {
  /** Never touched: these invocations stop before any event is read. */
  const noStore = {} as EventStore;
  const io = { out: () => {}, err: () => {} };
  const prepared = (...argv: string[]) => prepareVerifyCommand(parseInvocation(['verify', ...argv]));

  it('are usage errors when wrong, before any store is opened', function () {
    expect(() => prepared('--url', 'ftp://example.com')).to.throw(UsageError, '--url must be an http(s) URL');
    expect(() => prepared('--url', 'http://admin:pw@example.com')).to.throw(UsageError, 'not in --url');
    expect(() => prepared('--url', 'http://example.com', '--password', 'pw')).to.throw(
      UsageError,
      '--password goes with --user',
    );
    expect(() => prepared('--user', 'admin')).to.throw(UsageError, 'go with --url');
    expect(() => prepared('--role', 'editor')).to.throw(UsageError, 'verify does not take --role');
    expect(() => prepared('extra')).to.throw(UsageError, 'unexpected argument "extra"');
  });

  it('finds the digest under the service origin or its API root', function () {
    const digestAt = 'http://cal.example:8080/cal/events/v1/read-model/digest?detail=true';
    expect(digestEndpointOf('http://cal.example:8080')).to.equal(digestAt);
    expect(digestEndpointOf('http://cal.example:8080/')).to.equal(digestAt);
    expect(digestEndpointOf('http://cal.example:8080/cal/events/v1/')).to.equal(digestAt);
    expect(digestEndpointOf('https://example.org/calendar')).to.equal(
      'https://example.org/calendar/cal/events/v1/read-model/digest?detail=true',
    );
  });

  it('wants a password for --user, from --password or CAL_VERIFY_PASSWORD', async function () {
    const run = prepared('--url', 'http://127.0.0.1:8080', '--user', 'admin');
    let failure: unknown;
    await run(noStore, io, {}, { folding: testFolding }).catch((error: unknown) => (failure = error));
    expect(failure)
      .to.be.instanceOf(UsageError)
      .with.property('message')
      .that.includes('--user needs --password or CAL_VERIFY_PASSWORD');
  });

  it('fails in one line when the service cannot be reached', async function () {
    const url = `http://127.0.0.1:${await aClosedPort()}`;
    let failure: unknown;
    await prepared('--url', url)(noStore, io, {}, { folding: testFolding }).catch(
      (error: unknown) => (failure = error),
    );
    expect(failure).to.be.instanceOf(CliFailure);
    expect((failure as Error).message).to.equal(
      `cannot reach ${url}/cal/events/v1/read-model/digest?detail=true: ECONNREFUSED`,
    );
  });

  it('reads a read store it can reach (MongoDB) at its stored checkpoint, with every document hash', async function () {
    const readStore = createMemoryReadStore(testMemos);
    await readStore.events.put(anEventDocument({ id: 3 }));
    expect((await checkpointedDigest(readStore)).position).to.equal('-1');
    await readStore.checkpoints.set('read-model', 17n);
    expect(await checkpointedDigest(readStore)).to.deep.equal({
      position: '17',
      collections: await digestReadStore(readStore, { detail: true }),
    });
  });
});
