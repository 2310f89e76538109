// Load generator process for the benchmark: runs autocannon against a URL and prints one JSON result line.
import autocannon from 'autocannon';

interface LoadSpec {
  readonly url: string;
  readonly connections: number;
  readonly duration: number;
  readonly method?: 'GET' | 'POST';
  readonly auth?: string;
  /** POST bodies get a unique title per request, so every create reserves a fresh slug. */
  readonly createEvents?: boolean;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
let counter = 0;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  method: spec.method ?? 'GET',
  headers: {
    ...(spec.auth ? { authorization: spec.auth } : {}),
    ...(spec.createEvents ? { 'content-type': 'application/json' } : {}),
  },
  ...(spec.createEvents
    ? {
        requests: [
          {
            setupRequest: (request) => {
              counter++;
              const day = String(1 + (counter % 28)).padStart(2, '0');
              return {
                ...request,
                body: JSON.stringify({
                  title: `Bench ${process.pid} ${counter}`,
                  start_date: `2027-03-${day} 10:00:00`,
                  end_date: `2027-03-${day} 12:00:00`,
                }),
              };
            },
          },
        ],
      }
    : {}),
});
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  }),
);
