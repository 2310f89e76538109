// Specifies the layering of src (docs/architecture.md §2): imports go downwards only, only the composition root and the
// CLI pick a read store, there are no import cycles, and the core keeps no module-level mutable state.
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import {
  importCycles,
  layerViolations,
  pendingModuleState,
  readSources,
  sourceFacts,
  stateViolations,
  unresolvedImports,
  type SourceFacts,
} from './sourceRules.ts';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

describe('the layers of src', () => {
  const sources = readSources(repositoryRoot, 'src');

  it('resolves every import between the files of src (so that no edge is missed)', () => {
    expect(sources.size).to.be.greaterThan(300);
    expect(unresolvedImports(sources)).to.deep.equal([]);
  });

  it('imports downwards only, and picks read stores only in the composition root and the CLI', () => {
    expect(layerViolations(sources)).to.deep.equal([]);
  });

  it('has no import cycle, type-only imports included', () => {
    expect(importCycles(sources)).to.deep.equal([]);
  });

  it(
    'keeps no module-level mutable state in src/commands, src/projections and src/domain (but ' + 'the pending list)',
    () => {
      expect(stateViolations(sources, pendingModuleState)).to.deep.equal([]);
    },
  );

  it('lists as pending only module-level state that is still there', () => {
    const present = stateViolations(sources);
    expect(pendingModuleState.filter((pending) => !present.includes(pending))).to.deep.equal([]);
  });

  describe('the checks', () => {
    const graph = (files: Record<string, string>): Map<string, SourceFacts> =>
      new Map(Object.entries(files).map(([path, text]) => [path, sourceFacts(path, text)]));

    it('reads static, type-only, re-exported and dynamic imports, and import types', () => {
      const facts = sourceFacts(
        'src/http/a.ts',
        [
          "import { b } from './b.ts';",
          "import type { C } from '../commands/c.ts';",
          "import { type D } from '../domain/d.ts';",
          "export { e } from '../events/e.ts';",
          "const f = await import('../projections/f.ts');",
          "type G = import('../config/g.ts').G;",
          "import { h } from 'koa';",
          "// import { x } from './commented.ts';",
        ].join('\n'),
      );
      expect(facts.imports.map((edge) => [edge.to, edge.typeOnly])).to.deep.equal([
        ['src/http/b.ts', false],
        ['src/commands/c.ts', true],
        ['src/domain/d.ts', true],
        ['src/events/e.ts', false],
        ['src/projections/f.ts', false],
        ['src/config/g.ts', true],
      ]);
    });

    it('names the file and the import that go upwards', () => {
      const sources = graph({
        'src/commands/a.ts': "import type { P } from '../projections/p.ts';",
        'src/projections/p.ts': "import { h } from '../http/h.ts';\nimport { c } from '../commands/c.ts';",
        'src/domain/d.ts': "import { e } from '../events/e.ts';",
        'src/events/e.ts': "import { x } from '../commands/x.ts';",
        'src/http/h.ts': "import { c } from '../commands/c.ts';\nimport { p } from '../projections/p.ts';",
      });
      expect(layerViolations(sources)).to.deep.equal([
        "src/commands/a.ts: imports '../projections/p.ts' (src/commands may not import src/projections)",
        "src/projections/p.ts: imports '../http/h.ts' (src/projections may not import src/http)",
        "src/projections/p.ts: imports '../commands/c.ts' (src/projections may not import src/commands)",
        "src/domain/d.ts: imports '../events/e.ts' (src/domain may not import src/events)",
        "src/events/e.ts: imports '../commands/x.ts' (src/events may not import src/commands)",
      ]);
    });

    it('lets only the adapters themselves, the composition root and the CLI import a read store adapter', () => {
      const sources = graph({
        'src/projections/runner.ts': "import { m } from './memory/memoryReadStore.ts';",
        'src/http/compose.ts': "import { m } from '../projections/mongo/mongoReadStore.ts';",
        'src/projections/memory/a.ts': "import { b } from './b.ts';\nimport { m } from '../mongo/m.ts';",
        'src/service.ts': "import { m } from './projections/mongo/mongoReadStore.ts';",
        'src/cli/rebuild.ts': "import { m } from '../projections/memory/memoryReadStore.ts';",
      });
      const why = 'only the composition root and the CLI pick a read store; depend on the ReadStore port';
      expect(layerViolations(sources)).to.deep.equal([
        `src/projections/runner.ts: imports './memory/memoryReadStore.ts' (${why})`,
        `src/http/compose.ts: imports '../projections/mongo/mongoReadStore.ts' (${why})`,
        `src/projections/memory/a.ts: imports '../mongo/m.ts' (${why})`,
      ]);
    });

    it('finds cycles, type-only ones included, and passes a graph without', () => {
      const cyclic = graph({
        'src/domain/a.ts': "import { b } from './b.ts';",
        'src/domain/b.ts': "import type { C } from './c.ts';",
        'src/domain/c.ts': "import { a } from './a.ts';",
        'src/domain/d.ts': "import { a } from './a.ts';",
        'src/domain/self.ts': "export type { S } from './self.ts';",
      });
      expect(importCycles(cyclic)).to.deep.equal([
        ['src/domain/a.ts', 'src/domain/b.ts', 'src/domain/c.ts'],
        ['src/domain/self.ts'],
      ]);
      const acyclic = graph({ 'src/domain/a.ts': "import { b } from './b.ts';", 'src/domain/b.ts': '' });
      expect(importCycles(acyclic)).to.deep.equal([]);
    });

    it('finds module-level lets and mutated module-level collections in the core, and leaves constants alone', () => {
      const sources = graph({
        'src/domain/a.ts': 'let last = 0;\nexport const bump = () => ++last;',
        'src/projections/b.ts':
          'const seen = new Map<string, number>();\nexport const see = (k: string) => seen.set(k, 1);',
        'src/commands/c.ts': 'const queue: number[] = [];\nexport const put = (n: number) => { queue.push(n); };',
        'src/domain/constants.ts':
          "const SYMBOLS = new Set(['a']);\nexport const isSymbol = (s: string) => SYMBOLS.has(s);",
        'src/domain/local.ts': 'export function f() { let n = 0; const m = new Map(); m.set(1, n++); return m; }',
        'src/http/cache.ts': 'let allowedOutsideTheCore = 0;',
      });
      expect(stateViolations(sources)).to.deep.equal([
        'src/domain/a.ts: module-level let last',
        'src/projections/b.ts: module-level mutated seen',
        'src/commands/c.ts: module-level mutated queue',
      ]);
    });

    it('finds module-level objects made with new in the core, and leaves stateless ones and functions alone', () => {
      const sources = graph({
        'src/domain/memo.ts': 'class Memo {}\nexport const processMemo = new Memo();',
        'src/projections/table.ts': 'const seen = new Uint8Array(16);',
        'src/commands/sticky.ts': "const WORD = new RegExp('w+', 'g');",
        'src/domain/qualified.ts': "import * as lib from 'lib';\nconst unpackr = new lib.Unpackr();",
        'src/domain/fine.ts': [
          "const WORD = new RegExp('w+', 'i');",
          "const SPACE = new RegExp('s');",
          "const FORMAT = new Intl.NumberFormat('en');",
          "const NAMES = new Set(['a']);",
          'class Memo {}',
          'export const freshMemo = () => new Memo();',
          'export function f() { const local = new Memo(); return local; }',
        ].join('\n'),
        'src/http/root.ts': 'class Memo {}\nexport const allowedOutsideTheCore = new Memo();',
      });
      expect(stateViolations(sources)).to.deep.equal([
        'src/domain/memo.ts: module-level instance processMemo',
        'src/projections/table.ts: module-level instance seen',
        'src/commands/sticky.ts: module-level instance WORD',
        'src/domain/qualified.ts: module-level instance unpackr',
      ]);
    });
  });
});
