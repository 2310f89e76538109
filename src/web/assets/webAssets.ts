// The files the pages load, all served by the service itself under /assets/ with content-hashed names: the bundled
// browser code and the reference renderers' own distributed files. Loaded once, on the first page that needs them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadClientBundle, type BundleEntry, type ClientBundle, type ClientEntry } from './clientBuild.ts';

export interface WebAsset {
  readonly body: Buffer;
  /** Only when it makes the file smaller. */
  readonly gzip: Buffer | undefined;
  readonly type: string;
  readonly etag: string;
}

/** Files of the renderers the reference pages use, taken as published (their packages ship them built). */
const vendorFiles = {
  swaggerUiScript: ['swagger-ui-bundle', 'swagger-ui-dist/swagger-ui-bundle.js'],
  swaggerUiStyle: ['swagger-ui', 'swagger-ui-dist/swagger-ui.css'],
  asyncApiScript: ['asyncapi-react', '@asyncapi/react-component/browser/standalone/index.js'],
  asyncApiStyle: ['asyncapi-react', '@asyncapi/react-component/styles/default.min.css'],
} as const;
export type VendorFile = keyof typeof vendorFiles;

export interface WebAssets {
  readonly files: ReadonlyMap<string, WebAsset>;
  /** The public paths of a bundle's scripts and styles. */
  entry(name: ClientEntry): BundleEntry;
  vendor(name: VendorFile): string;
}

export const assetsPath = '/assets/';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

function asset(name: string, body: Buffer): WebAsset {
  const compressed = /\.(js|css|txt|svg)$/.test(name) ? gzipSync(body, { level: 9 }) : undefined;
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return {
    body,
    gzip: compressed && compressed.length < body.length ? compressed : undefined,
    type: types[extname(name)] ?? 'application/octet-stream',
    etag,
  };
}

export function assembleAssets(bundle: ClientBundle, resolveVendor: (path: string) => string): WebAssets {
  const files = new Map<string, WebAsset>();
  for (const [name, body] of bundle.files) files.set(name, asset(name, body));
  const vendorNames = {} as Record<VendorFile, string>;
  for (const [key, [publicName, path]] of Object.entries(vendorFiles) as [VendorFile, readonly [string, string]][]) {
    const body = readFileSync(resolveVendor(path));
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    const name = `${publicName}-${hash}${extname(path)}`;
    files.set(name, asset(name, body));
    vendorNames[key] = name;
  }
  return {
    files,
    entry: (name) => {
      const entry = bundle.entries[name];
      return {
        scripts: entry.scripts.map((script) => assetsPath + script),
        styles: entry.styles.map((style) => assetsPath + style),
      };
    },
    vendor: (name) => assetsPath + vendorNames[name],
  };
}

/** The checkout (or image) the service runs from: web/ and node_modules/ are beside src/. */
export const serviceRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Where built bundles are kept between starts: beside the installed packages, never committed. */
export const webCacheDir = (root: string): string => join(root, 'node_modules/.cache/cal-web');

/** Builds (or reads from the cache) once, on first use; a failed build is tried again on the next request. */
export function lazyWebAssets(root = serviceRoot): () => Promise<WebAssets> {
  let loading: Promise<WebAssets> | undefined;
  const require = createRequire(join(root, 'package.json'));
  return () => {
    loading ??= loadClientBundle(root, webCacheDir(root))
      .then((bundle) => assembleAssets(bundle, (path) => require.resolve(path)))
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
}
