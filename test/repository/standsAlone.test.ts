// Specifies that the repository stands alone: nothing in it refers to a path outside it (docs/architecture.md §9).
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const check = join(repositoryRoot, 'scripts', 'check-stands-alone.sh');

const run = (root: string) => spawnSync('bash', [check, root], { encoding: 'utf8' });

describe('the repository stands alone', () => {
  it('refers to no path outside itself: not in code, tests, benchmark, scripts, docs, package.json nor CI', () => {
    const result = run(repositoryRoot);
    expect(result.status, result.stdout + result.stderr).to.equal(0);
  });

  describe('the check', () => {
    let root: string;
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'cal-stands-alone-'));
      mkdirSync(join(root, 'src'));
      mkdirSync(join(root, 'docs'));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    // Spelled in pieces, so that this file does not hold the references it plants.
    const planted = [
      ['src/a.ts', `// as ${'wire'}.md §6 says`],
      ['src/b.ts', `readFileSync(new URL('../../${'shared'}/spec/examples/01-index.json', import.meta.url))`],
      ['docs/c.md', `See ${'DESIGN'}.md §3.`],
      ['src/d.ts', `const root = '/${'work'}/main/data';`],
    ] as const;

    for (const [file, line] of planted) {
      it(`fails and names the line for ${JSON.stringify(line)}`, () => {
        writeFileSync(join(root, file), `${line}\n`);
        const result = run(root);
        expect(result.status).to.equal(1);
        expect(result.stdout).to.include(`${file}:1:`);
      });
    }

    it('passes a tree that cites its own docs', () => {
      writeFileSync(join(root, 'src/a.ts'), '// as docs/api.md §6 says; see docs/architecture.md §3\n');
      expect(run(root).status).to.equal(0);
    });
  });
});
