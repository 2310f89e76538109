// Starts Swagger UI on `/doc`. Requests are tried against this service as the browser reaches it, so `servers` is
// set to this origin (the document's own entry is the configured public URL, kept as a second choice), and HTTP
// Basic is offered for the routes that need a signed-in caller. The document itself is served unchanged.
export {};

interface SwaggerUiGlobal {
  (options: Record<string, unknown>): unknown;
  presets: { apis: unknown };
}
declare const SwaggerUIBundle: SwaggerUiGlobal;

interface OpenApiDocument {
  servers?: { url: string; description?: string }[];
  components?: { securitySchemes?: Record<string, unknown> };
  security?: Record<string, string[]>[];
}

const element = document.getElementById('openapi-reference');
if (element) void start(element);

async function start(target: HTMLElement): Promise<void> {
  const response = await fetch(target.dataset.spec ?? '', { headers: { accept: 'application/json' } });
  const spec = (await response.json()) as OpenApiDocument;
  const here = `${location.origin}${target.dataset.apiRoot ?? ''}`;
  const published = (spec.servers ?? []).map((server) => ({ ...server, url: server.url.replace(/\/$/, '') })).filter((server) => server.url !== here);
  spec.servers = [{ url: here, description: 'This service' }, ...published];
  spec.components = { ...spec.components, securitySchemes: { ...spec.components?.securitySchemes, basic: { type: 'http', scheme: 'basic' } } };
  // Either no credentials or Basic: reads work anonymously, writes need a user.
  spec.security = [{}, { basic: [] }];
  SwaggerUIBundle({
    spec,
    domNode: target,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    // The public validator badge would call another host.
    validatorUrl: null,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    docExpansion: 'list',
    tryItOutEnabled: false,
  });
}
