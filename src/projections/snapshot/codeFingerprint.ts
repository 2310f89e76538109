// The fingerprint of the code that shapes the read model, so that a snapshot made by other code is never loaded.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Always the TypeScript sources, also when this module runs compiled from dist/ (same folder depth as src/).
const sourceRoot = fileURLToPath(new URL('../../../src/', import.meta.url));

/**
 * Where the walk starts: the projections, the memory read model the snapshot fills, and the snapshot code itself.
 * Everything they import is reached from here, the domain functions and deciders the projectors borrow included, which
 * a fixed list of folders would miss.
 */
export const fingerprintEntries: readonly string[] = [
  'projections/allProjections.ts',
  'projections/memory/memoryReadStore.ts',
  'projections/snapshot/readModelSnapshot.ts',
].map((path) => resolve(sourceRoot, path));

/** Relative specifiers of static imports, re-exports and dynamic imports: the module graph within `src`. */
const relativeImport = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * SHA-256 over the path and text of every source file reachable from the entries by relative imports, plus the ICU
 * and time-zone data versions (time-zone abbreviations and UTC conversions in the documents come from them). Cheap
 * (a few hundred small files read once) and it changes whenever any of that changes, without a constant to bump.
 */
export function codeFingerprint(entries: readonly string[] = fingerprintEntries): string {
  const texts = fingerprintSources(entries);
  const hash = createHash('sha256').update(`icu ${process.versions.icu ?? '-'} tz ${process.versions.tz ?? '-'}\n`);
  for (const path of [...texts.keys()].sort())
    hash.update(`${relative(sourceRoot, path)}\0${texts.get(path) as string}\0`);
  return hash.digest('hex');
}

/** Absolute path → text of every source file the entries reach by relative imports, the entries included. */
export function fingerprintSources(entries: readonly string[] = fingerprintEntries): ReadonlyMap<string, string> {
  const texts = new Map<string, string>();
  const pending = [...entries];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (texts.has(path)) continue;
    const text = readSource(path);
    texts.set(path, text);
    for (const [, specifier] of text.matchAll(relativeImport))
      pending.push(resolve(dirname(path), specifier as string));
  }
  return texts;
}

/** A specifier the regex found in a comment may name no file: that is part of the text, not a reason to fail. */
function readSource(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '\0missing';
  }
}
