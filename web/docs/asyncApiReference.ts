// Renders `/doc/events`, the catalogue of the domain events downstream consumers receive, with AsyncAPI's component.
import './asyncapi.css';

interface AsyncApiGlobal {
  render(props: { schema: unknown; config: Record<string, unknown> }, element: HTMLElement): void;
}
declare const AsyncApiStandalone: AsyncApiGlobal;

const element = document.getElementById('asyncapi-reference');
if (element) void start(element);

async function start(target: HTMLElement): Promise<void> {
  const response = await fetch(target.dataset.spec ?? '', { headers: { accept: 'application/json' } });
  const schema: unknown = await response.json();
  AsyncApiStandalone.render(
    { schema, config: { show: { sidebar: true, errors: true }, sidebar: { showOperations: 'byDefault' } } },
    target,
  );
}
