// `{base}/docs`: the interactive reference of `/doc` (OpenAPI, rendered by Swagger UI, with requests tried against this
// service), and `{base}/docs/events`: the event catalogue of `/doc/events` (AsyncAPI, rendered by AsyncAPI's React
// component). Both renderers are served from this service's own assets.
import { html } from '../html/html.ts';
import { pageHtml, type PageFrame } from '../html/layout.ts';
import { apiRootPath } from '../apiClient.ts';
import type { ClientEntry } from '../assets/clientBuild.ts';
import type { VendorFile } from '../assets/webAssets.ts';
import { pageSecurityPolicy, sendPage, type PageRequest } from './pageRequest.ts';

/** The AsyncAPI parser compiles JSON schemas into functions (ajv): that page alone may evaluate code. */
const evaluatingPolicy = pageSecurityPolicy.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'");

interface Reference {
  readonly heading: string;
  readonly elementId: string;
  /** The document's path below `{api_root}`. */
  readonly document: string;
  readonly bundle: ClientEntry;
  readonly script: VendorFile;
  readonly style: VendorFile;
  readonly section: PageFrame['section'];
  readonly policy: string;
}

function sendReference(request: PageRequest, reference: Reference): void {
  const { assets, words } = request;
  const apiRoot = apiRootPath(undefined);
  const main = html`<h1>${reference.heading}</h1>
    <div
      id="${reference.elementId}"
      class="reference"
      data-spec="${apiRoot}${reference.document}"
      data-api-root="${apiRoot}"
    ></div>`;
  const body = pageHtml({
    // The documents are written in English (docs/api.md §14).
    language: 'en',
    title: `${reference.heading} · ${words.siteTitle}`,
    main,
    assets,
    bundles: [reference.bundle],
    vendorScripts: [assets.vendor(reference.script)],
    vendorStyles: [assets.vendor(reference.style)],
    section: reference.section,
    wide: true,
  });
  sendPage(request.ctx, 200, body, reference.policy);
}

export const sendOpenApiReference = (request: PageRequest): void =>
  sendReference(request, {
    heading: request.words.apiReference,
    elementId: 'openapi-reference',
    document: '/doc',
    bundle: 'docs-openapi',
    script: 'swaggerUiScript',
    style: 'swaggerUiStyle',
    section: 'docs',
    policy: pageSecurityPolicy,
  });

export const sendAsyncApiReference = (request: PageRequest): void =>
  sendReference(request, {
    heading: request.words.eventCatalogue,
    elementId: 'asyncapi-reference',
    document: '/doc/events',
    bundle: 'docs-asyncapi',
    script: 'asyncApiScript',
    style: 'asyncApiStyle',
    section: 'events-doc',
    policy: evaluatingPolicy,
  });
