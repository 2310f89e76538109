// Specifies the exit codes of `cal import` that need no source calendar (docs/migration.md): 2 and one clear line for
// wrong usage, for a source that cannot be reached and for an address that is not an API root. Runs in process on a
// real store, against real sockets, with short retries so that giving up takes milliseconds.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { runCli } from '../../src/cli/runCli.ts';
import { parseInvocation } from '../../src/cli/cliParser.ts';
import { prepareImportCommand } from '../../src/cli/import/importCommand.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { testFolding } from '../support/memos.ts';

const quickPolicy = { attempts: 2, baseDelayMs: 1, maxDelayMs: 5, timeoutMs: 5000 };

function captured() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closed = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('cal import exit codes', () => {
  let temp: TempStore;
  beforeEach(async () => {
    temp = await openTempStore();
  });
  afterEach(() => temp.dispose());

  const importFrom = async (from: string, ...more: string[]) => {
    const output = captured();
    const run = prepareImportCommand(parseInvocation(['import', '--from', from, ...more]), { policy: quickPolicy });
    const code = await run(temp.store, output.io, {}, { folding: testFolding });
    return { code, ...output };
  };

  for (const [title, args] of [
    ['no --from', []],
    ['a --from that is no http(s) URL', ['--from', 'ftp://old.example.org/api']],
    ['--user without --password', ['--from', 'https://old.example.org/api', '--user', 'admin']],
    ['a --concurrency of 0', ['--from', 'https://old.example.org/api', '--concurrency', '0']],
    ['an argument it does not take', ['--from', 'https://old.example.org/api', 'extra']],
  ] as const)
    it(`exits 2 on ${title}, touching no store`, async () => {
      const output = captured();
      const code = await runCli(['--data-dir', `${temp.dir}/never`, 'import', ...args], {}, output.io);
      expect(code).to.equal(2);
      expect(output.err.join('\n')).to.match(/^cal: import: |^cal: unexpected argument/);
      expect(output.out).to.deep.equal([]);
      expect(existsSync(`${temp.dir}/never`)).to.equal(false);
    });

  it('exits 2 with one line when nothing answers at the source address, writing nothing', async () => {
    const server = createServer();
    const url = await listening(server);
    await closed(server);
    const head = await temp.store.headPosition();
    const run = await importFrom(`${url}/wp-json/cal/events/v1`, '--json');
    expect(run.code).to.equal(2);
    expect(run.err).to.have.length(1);
    expect(run.err[0]).to.match(/^cal: import: source unreachable: http:\/\/127\.0\.0\.1:\d+\/wp-json.* 2 attempts$/);
    expect(run.out).to.deep.equal([]);
    expect(await temp.store.headPosition()).to.equal(head);
  });

  it('exits 2 with one line, at once, when the address answers with no API root', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>A blog</body></html>');
    });
    const url = await listening(server);
    try {
      const run = await importFrom(`${url}/blog`);
      expect(run.code).to.equal(2);
      expect(run.err).to.deep.equal([
        `cal: import: source unreachable: ${url}/blog is not the root of an API speaking this interface (HTTP 200)`,
      ]);
      expect(requests, 'a web page is not asked for again').to.equal(1);
    } finally {
      await closed(server);
    }
  });
});
