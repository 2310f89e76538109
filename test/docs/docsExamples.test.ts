// Runs every shell example of README.md and docs/*.md against a started service (embedded store, temp data dir, port
// 0): one service per page, its blocks in order with bash, `http://localhost:8080` rewritten to the service's address
// and CAL_ADMIN_PASSWORD and CAL_DATA_DIR set, so `npm run cal -- …` works on the service's data. Each block must exit
// 0 and every curl call must get a 1xx–3xx answer, unless the page marks the block (see test/docs/README.md).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { pino } from 'pino';
import { loadConfig } from '../../src/config/config.ts';
import { startService, type RunningService } from '../../src/service.ts';
import { shellBlocks, type ShellBlock } from './support/markdownBlocks.ts';
import { prepareWorkDir, runBlock, type BlockOutcome, type PageSession } from './support/blockRunner.ts';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const adminPassword = 'docs-example-password';

/** The pages whose examples readers run: the front door and every page of docs/. */
const allPages = [
  'README.md',
  ...readdirSync(join(repositoryRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
/** `DOCS_PAGES=docs/api.md,README.md` runs those pages only, while writing them. */
const pages = process.env.DOCS_PAGES
  ? allPages.filter((page) => process.env.DOCS_PAGES?.split(',').includes(page))
  : allPages;

function describeFailure(page: string, block: ShellBlock, outcome: BlockOutcome, problem: string): string {
  const calls = outcome.calls.map((call) => `  ${call.status || 'no answer'}  curl ${call.args}`).join('\n');
  return (
    `${page}:${block.line}: ${problem}\n--- block\n${block.code}\n--- curl calls\n${calls}\n--- ` +
    `output\n${outcome.output.slice(-4000)}`
  );
}

for (const page of pages) {
  const blocks = shellBlocks(readFileSync(join(repositoryRoot, page), 'utf8'));
  if (blocks.length === 0) continue;

  describe(`the examples of ${page}`, function () {
    this.timeout(300_000);
    let root: string;
    let service: RunningService | undefined;
    let session: PageSession;

    before(async () => {
      if (blocks.every((block) => block.directive.kind === 'skip')) return;
      root = mkdtempSync(join(tmpdir(), 'cal-docs-'));
      const dataDir = join(root, 'data');
      const config = loadConfig({
        PORT: '0',
        CAL_DATA_DIR: dataDir,
        CAL_PUBLIC_URL: 'http://localhost:8080',
        CAL_ADMIN_PASSWORD: adminPassword,
      });
      service = await startService(config, pino({ level: 'silent' }));
      session = { serviceUrl: service.url, adminPassword, dataDir, workDir: join(root, 'work'), repositoryRoot };
      prepareWorkDir(session.workDir);
    });

    after(async () => {
      await service?.close();
      if (root) rmSync(root, { recursive: true, force: true });
    });

    blocks.forEach((block, index) => {
      it(`block at line ${block.line}`, async function () {
        if (block.directive.kind === 'skip') {
          console.log(`        skipped: ${block.directive.reason}`);
          this.skip();
        }
        const outcome = await runBlock(block, session, index);
        // DOCS_TEST_VERBOSE=1 shows what each block printed, to compare with what the page says it prints.
        if (process.env.DOCS_TEST_VERBOSE) console.log(outcome.output.replace(/^/gm, '        | '));
        const fail = (problem: string) => describeFailure(page, block, outcome, problem);
        expect(outcome.timedOut, fail('did not finish in time')).to.equal(false);
        if (!outcome.stopped) expect(outcome.exitCode, fail(`exited with ${outcome.exitCode}`)).to.equal(0);
        const errors = outcome.calls.filter((call) => call.status === 0 || call.status >= 400);
        if (block.directive.kind === 'expect-error') {
          expect(errors.length, fail('is marked expect-error, but no curl call got an error answer')).to.be.greaterThan(
            0,
          );
        } else {
          expect(
            errors,
            fail('a curl call got an error answer (mark the block <!-- docs-test: expect-error --> if it shows one)'),
          ).to.deep.equal([]);
        }
      });
    });
  });
}
