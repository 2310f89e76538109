// Bundles the pages' browser code (web/) with esbuild into content-hashed files, cached on disk per source fingerprint
// so
// that a start after the first reuses them; a missing or stale bundle is rebuilt, so `npm start` needs no build step.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, version as esbuildVersion } from 'esbuild';

/** The bundles the pages load, by the name the page templates use. */
export const clientEntries = {
  site: 'web/site/site.css',
  calendar: 'web/calendar/main.tsx',
  'docs-openapi': 'web/docs/openApiReference.ts',
  'docs-asyncapi': 'web/docs/asyncApiReference.ts',
} as const;
export type ClientEntry = keyof typeof clientEntries;

export interface BundleEntry {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

export interface ClientBundle {
  /** Output files by their public (hashed) name. */
  readonly files: ReadonlyMap<string, Buffer>;
  /** Per entry: its script (none for a stylesheet entry) and the stylesheets it made. */
  readonly entries: Readonly<Record<ClientEntry, BundleEntry>>;
}

interface Manifest {
  readonly fingerprint: string;
  readonly files: readonly string[];
  readonly entries: ClientBundle['entries'];
}

/**
 * Everything the bundle is made from: the browser sources, the code they share with the server, the locked versions.
 */
export function sourceFingerprint(root: string): string {
  const hash = createHash('sha256').update(esbuildVersion);
  const files = [
    ...listFiles(join(root, 'web')),
    ...listFiles(join(root, 'src/web/shared')),
    join(root, 'package-lock.json'),
  ];
  for (const file of files.sort())
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The cached bundle when its fingerprint matches, else a fresh build (written to the cache when the disk allows). */
export async function loadClientBundle(root: string, cacheDir: string): Promise<ClientBundle> {
  const fingerprint = sourceFingerprint(root);
  const dir = join(cacheDir, fingerprint);
  const cached = readCached(dir, fingerprint);
  if (cached) return cached;
  const bundle = await buildClient(root);
  writeCache(cacheDir, dir, fingerprint, bundle);
  return bundle;
}

function readCached(dir: string, fingerprint: string): ClientBundle | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.fingerprint !== fingerprint) return undefined;
    return {
      entries: manifest.entries,
      files: new Map(manifest.files.map((name) => [name, readFileSync(join(dir, name))])),
    };
  } catch {
    return undefined;
  }
}

/** Written beside, then renamed into place: a concurrent start sees a whole cache entry or none. */
function writeCache(cacheDir: string, dir: string, fingerprint: string, bundle: ClientBundle): void {
  const temp = `${dir}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(temp, { recursive: true });
    for (const [name, body] of bundle.files) writeFileSync(join(temp, name), body);
    const manifest: Manifest = { fingerprint, files: [...bundle.files.keys()], entries: bundle.entries };
    writeFileSync(join(temp, 'manifest.json'), JSON.stringify(manifest));
    for (const old of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
      if (!old.endsWith('.tmp')) rmSync(join(cacheDir, old), { recursive: true, force: true });
    }
    renameSync(temp, dir);
  } catch {
    // A read-only install serves the bundle from memory; the next start builds it again.
    rmSync(temp, { recursive: true, force: true });
  }
}

export async function buildClient(root: string): Promise<ClientBundle> {
  const entryPoints = Object.fromEntries(Object.entries(clientEntries).map(([name, path]) => [name, join(root, path)]));
  const result = await build({
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022'],
    minify: true,
    write: false,
    metafile: true,
    outdir: join(root, 'web-out'),
    entryNames: '[name]-[hash]',
    chunkNames: 'shared-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'linked',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const outdir = join(root, 'web-out');
  const files = new Map(result.outputFiles.map((file) => [relative(outdir, file.path), Buffer.from(file.contents)]));
  const entries = {} as Record<ClientEntry, BundleEntry>;
  for (const [output, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const name = (Object.keys(clientEntries) as ClientEntry[]).find(
      (entry) => join(root, clientEntries[entry]) === join(root, meta.entryPoint ?? ''),
    );
    if (!name) continue;
    const own = relative('web-out', output);
    if (own.endsWith('.css')) entries[name] = { scripts: [], styles: [own] };
    else entries[name] = { scripts: [own], styles: meta.cssBundle ? [relative('web-out', meta.cssBundle)] : [] };
  }
  return { files, entries };
}
