// Specifies how the docs test runs a block: against the started service's address, with the page's shell variables
// carried over, every curl answer's status recorded, failures and timeouts reported, endless blocks stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { adminPassword, startTestService, type TestService } from '../support/testService.ts';
import type { Directive } from './support/markdownBlocks.ts';
import { prepareWorkDir, runBlock, type PageSession } from './support/blockRunner.ts';

const block = (code: string, directive: Directive = { kind: 'run' }) => ({ line: 1, code, directive });

describe('running a docs block', function () {
  this.timeout(60_000);
  let t: TestService;
  let root: string;
  let session: PageSession;
  let index = 0;
  const run = (code: string, directive?: Directive) => runBlock(block(code, directive), session, index++);

  before(async () => {
    t = await startTestService();
    root = mkdtempSync(join(tmpdir(), 'cal-docs-runner-'));
    session = {
      serviceUrl: t.service.url,
      adminPassword,
      dataDir: t.dataDir,
      workDir: root,
      repositoryRoot: fileURLToPath(new URL('../../', import.meta.url)),
    };
    prepareWorkDir(root);
  });
  after(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("sends http://localhost:8080 to the service and records each curl answer's status in order", async () => {
    const outcome = await run(
      [
        'curl -s http://localhost:8080/cal/events/v1/ > /dev/null',
        'curl -s http://localhost:8080/cal/events/v1/events/999999',
        'curl -s -u "admin:$CAL_ADMIN_PASSWORD" -X OPTIONS http://localhost:8080/cal/events/v1/changes > /dev/null',
      ].join('\n'),
    );
    expect(outcome.exitCode).to.equal(0);
    expect(outcome.calls.map((call) => call.status)).to.deep.equal([200, 404, 200]);
    expect(outcome.calls[1]?.args).to.include(`${t.service.url}/cal/events/v1/events/999999`);
    expect(outcome.output).to.include('rest-event-not-found');
  });

  it("keeps the shell variables a block sets for the page's later blocks", async () => {
    expect((await run('API=http://localhost:8080/cal/events/v1\nCOUNT=3')).exitCode).to.equal(0);
    const later = await run('echo "$COUNT $API"; curl -s "$API/tags" > /dev/null');
    expect(later.output.trim()).to.equal(`3 ${t.service.url}/cal/events/v1`);
    expect(later.calls.map((call) => call.status)).to.deep.equal([200]);
  });

  it(
    "gives the administrator's password and the service's data dir, as the README tells readers " + 'to set them',
    async () => {
      const outcome = await run(
        'echo "$CAL_DATA_DIR"; curl -s -u "admin:$CAL_ADMIN_PASSWORD" ' +
          'http://localhost:8080/cal/events/v1/events > /dev/null',
      );
      expect(outcome.output.trim()).to.equal(t.dataDir);
      expect(outcome.calls[0]?.status).to.equal(200);
    },
  );

  it('stops at the first failing command and reports its exit code', async () => {
    const outcome = await run('echo before\nfalse\necho after');
    expect(outcome.exitCode).to.equal(1);
    expect(outcome.output).to.equal('before\n');
  });

  it('records a call that got no answer as status 0', async () => {
    const outcome = await run('curl -s http://127.0.0.1:1/ || true');
    expect(outcome.calls.map((call) => call.status)).to.deep.equal([0]);
  });

  it('stops a block that runs until stopped after its time, keeping the status it got', async () => {
    const started = performance.now();
    const outcome = await run(
      'curl -sN -u "admin:$CAL_ADMIN_PASSWORD" "http://localhost:8080/cal/events/v1/changes?from=start"',
      { kind: 'stop-after', seconds: 1 },
    );
    expect(outcome.stopped).to.equal(true);
    expect(performance.now() - started).to.be.below(20_000);
    expect(outcome.calls.map((call) => call.status)).to.deep.equal([200]);
  });

  it('reports a block that does not finish in time', async () => {
    const outcome = await runBlock(block('sleep 30'), session, index++, 500);
    expect(outcome.timedOut).to.equal(true);
  });
});
