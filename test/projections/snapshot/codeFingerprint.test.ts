// Specifies the code fingerprint of a snapshot: it follows every module the projections import, so that any change to
// them (domain functions and the event catalogue included) makes older snapshots unusable without a constant to bump.
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeFingerprint, fingerprintSources } from '../../../src/projections/snapshot/codeFingerprint.ts';

const src = fileURLToPath(new URL('../../../src', import.meta.url));

describe('code fingerprint of read-model snapshots', () => {
  it('covers the projections, the memory read model, the snapshot code and what they import from other layers', () => {
    const files = [...fingerprintSources().keys()].map((path) => relative(src, path));
    expect(files).to.include.members([
      'projections/allProjections.ts',
      'projections/events/eventProjector.ts',
      'projections/memory/memoryEventCollection.ts',
      'projections/snapshot/snapshotCodec.ts',
      'events/catalogue/calendarEvents.ts',
      'domain/localDateTime.ts',
    ]);
    expect(
      files.filter((file) => file.startsWith('http/')),
      'nothing of the HTTP layer',
    ).to.deep.equal([]);
  });

  it('changes when an imported or re-exported module changes, appears or goes, and only then', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cal-fingerprint-'));
    try {
      mkdirSync(join(dir, 'nested'));
      writeFileSync(
        join(dir, 'entry.ts'),
        "import { b } from './b.ts';\nexport { c } from './nested/c.ts';\nexport const a = b;\n",
      );
      writeFileSync(join(dir, 'b.ts'), 'export const b = 1;\n');
      const entries = [join(dir, 'entry.ts')];
      const withoutC = codeFingerprint(entries);
      writeFileSync(join(dir, 'nested', 'c.ts'), 'export const c = 3;\n');
      const first = codeFingerprint(entries);
      expect(first, 'a module that appears').to.not.equal(withoutC);
      expect(codeFingerprint(entries), 'stable while nothing changes').to.equal(first);
      writeFileSync(join(dir, 'nested', 'c.ts'), 'export const c = 4;\n');
      const second = codeFingerprint(entries);
      expect(second, 'a re-exported module changed').to.not.equal(first);
      writeFileSync(join(dir, 'b.ts'), 'export const b = 2;\n');
      const third = codeFingerprint(entries);
      expect(third, 'an imported module changed').to.not.equal(second);
      writeFileSync(join(dir, 'unrelated.ts'), 'export const u = 1;\n');
      expect(codeFingerprint(entries), 'a module nobody imports does not count').to.equal(third);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
