// `{base}/docs`: the interactive reference of `/doc` (OpenAPI, rendered by Swagger UI, with requests tried against this
// service), and `{base}/docs/events`: the event catalogue of `/doc/events` (AsyncAPI, rendered by AsyncAPI's React
// component). Both renderers are served from this service's own assets.
import { html } from '../html/html.ts';
import { pageHtml } from '../html/layout.ts';
import { apiRootPath } from '../apiClient.ts';
import { pageSecurityPolicy, sendPage, type PageRequest } from './pageRequest.ts';

/** The AsyncAPI parser compiles JSON schemas into functions (ajv): that page alone may evaluate code. */
const evaluatingPolicy = pageSecurityPolicy.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'");

export function sendOpenApiReference(request: PageRequest): void {
  const { assets, words } = request;
  const main = html`<h1>${words.apiReference}</h1>
<div id="openapi-reference" class="reference" data-spec="${apiRootPath(undefined)}/doc" data-api-root="${apiRootPath(undefined)}"></div>`;
  const body = pageHtml({
    language: 'en',
    title: `${words.apiReference} · ${words.siteTitle}`,
    main,
    assets,
    bundles: ['docs-openapi'],
    vendorScripts: [assets.vendor('swaggerUiScript')],
    vendorStyles: [assets.vendor('swaggerUiStyle')],
    section: 'docs',
    wide: true,
  });
  sendPage(request.ctx, 200, body);
}

export function sendAsyncApiReference(request: PageRequest): void {
  const { assets, words } = request;
  const main = html`<h1>${words.eventCatalogue}</h1>
<div id="asyncapi-reference" class="reference" data-spec="${apiRootPath(undefined)}/doc/events"></div>`;
  const body = pageHtml({
    language: 'en',
    title: `${words.eventCatalogue} · ${words.siteTitle}`,
    main,
    assets,
    bundles: ['docs-asyncapi'],
    vendorScripts: [assets.vendor('asyncApiScript')],
    vendorStyles: [assets.vendor('asyncApiStyle')],
    section: 'events-doc',
    wide: true,
  });
  sendPage(request.ctx, 200, body, evaluatingPolicy);
}
