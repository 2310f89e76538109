// Starts Swagger UI on `/doc`. Requests are tried against this service as the browser reaches it, so `servers` is
// set to this origin (the document's own entry is the configured public URL, kept as a second choice), and HTTP
// Basic is offered for the routes that need a signed-in caller. The document itself is served unchanged.
import './reference.css';

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
  const published = (spec.servers ?? [])
    .map((server) => ({ ...server, url: server.url.replace(/\/$/, '') }))
    .filter((server) => server.url !== here);
  spec.servers = [{ url: here, description: 'This service' }, ...published];
  spec.components = {
    ...spec.components,
    securitySchemes: { ...spec.components?.securitySchemes, basic: { type: 'http', scheme: 'basic' } },
  };
  // Either no credentials or Basic: reads work anonymously, writes need a user.
  spec.security = [{}, { basic: [] }];
  SwaggerUIBundle({
    spec,
    domNode: target,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // Deep links would put a link inside each operation's toggle button (nested controls, not keyboard-usable).
    deepLinking: false,
    // The public validator badge would call another host.
    validatorUrl: null,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    docExpansion: 'list',
    tryItOutEnabled: false,
    onComplete: () => labelControls(target),
  });
  // Controls appear as operations open: each gets a name when it comes.
  new MutationObserver(() => labelControls(target)).observe(target, { childList: true, subtree: true });
}

/** Swagger UI leaves some form controls without a name; screen readers would announce them blank. */
function labelControls(target: HTMLElement): void {
  const servers = target.querySelector('select#servers');
  if (servers && !servers.hasAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
  for (const select of target.querySelectorAll('select:not([aria-label]):not([id="servers"])')) {
    const row = select.closest('tr');
    const name = row?.querySelector('.parameter__name')?.textContent?.replace('*', '').trim();
    select.setAttribute('aria-label', name || 'Value');
  }
  // Code samples scroll sideways: keyboard users reach them to scroll.
  for (const code of target.querySelectorAll('pre.microlight:not([tabindex])')) code.setAttribute('tabindex', '0');
}
