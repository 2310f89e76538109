// `npm run build:web`: builds the pages' bundle into its cache ahead of the first start (an image build, a read-only
// install); `npm start` builds it on first use anyway when it is missing or stale.
import { join } from 'node:path';
import { loadClientBundle } from './clientBuild.ts';
import { serviceRoot, webCacheDir } from './webAssets.ts';

const started = performance.now();
const bundle = await loadClientBundle(serviceRoot, webCacheDir(serviceRoot));
console.log(
  `web bundle ready in ${join(webCacheDir(serviceRoot))}: ${bundle.files.size} files, ` +
    `${Math.round(performance.now() - started)} ms`,
);
