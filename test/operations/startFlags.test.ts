// Specifies the Node flags every start script runs the service with: the heap settings that keep the memory of a
// process under writes near what it holds (docs/operations.md, "Memory"), and that the installed Node accepts them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';

const startScripts = ['start', 'start:api', 'start:projector'] as const;

function nodeFlagsOf(script: string): string[] {
  const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (scripts[script] ?? '').trim().split(/\s+/);
  expect(words[0], `${script} runs node`).to.equal('node');
  return words.slice(1).filter((word) => word.startsWith('--'));
}

describe('Node flags of the start scripts', function () {
  this.timeout(30_000);

  it('bound how far the old generation grows past what the last full collection kept', () => {
    for (const script of startScripts) {
      const growing = nodeFlagsOf(script).find((flag) => flag.startsWith('--heap-growing-percent='));
      expect(growing, `${script} sets --heap-growing-percent`).to.be.a('string');
      // V8's own choice goes up to 300% under a high allocation rate: hundreds of MB of garbage after write bursts.
      const percent = Number(growing?.split('=')[1]);
      expect(percent, script).to.be.within(1, 50);
    }
  });

  it('keep the young generation large enough that request garbage dies young', () => {
    for (const script of startScripts) expect(nodeFlagsOf(script), script).to.include('--max-semi-space-size=32');
  });

  it('are all accepted by the installed Node, which refuses a misspelt V8 flag', () => {
    for (const script of startScripts) {
      const flags = nodeFlagsOf(script);
      const run = spawnSync(process.execPath, [...flags, '-e', 'console.log(JSON.stringify(process.execArgv))'], {
        encoding: 'utf8',
      });
      expect(run.status, `${script}: ${run.stderr}`).to.equal(0);
      expect((JSON.parse(run.stdout) as string[]).slice(0, flags.length)).to.deep.equal(flags);
    }
    const misspelt = spawnSync(process.execPath, ['--heap-growing-percentage=20', '-e', '0'], { encoding: 'utf8' });
    expect(misspelt.status).to.not.equal(0);
  });
});
