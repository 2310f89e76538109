// Specifies GET /metrics: Prometheus text with request latency by route pattern, appends, projection lag and process
// metrics.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, createEvent } from '../events/support/eventsApi.ts';

interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** The samples of a Prometheus text exposition (label values here never contain `"` or `,`). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

const withLabels = (samples: Sample[], name: string, labels: Record<string, string>): Sample[] =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));

describe('GET /metrics', function () {
  let t: TestService;
  let samples: Sample[];
  let contentType: string | null;
  let ids: number[];

  before(async () => {
    t = await startTestService();
    expect((await t.request('GET', `${API}/events`)).status).to.equal(200);
    expect((await t.request('GET', `${API}/events`)).status).to.equal(200);
    ids = [
      (await createEvent(t, { title: 'Metered one' })).id as number,
      (await createEvent(t, { title: 'Metered two' })).id as number,
    ];
    for (const id of ids) expect((await t.request('GET', `${API}/events/${id}`)).status).to.equal(200);
    expect((await t.request('GET', '/no-such-path/123')).status).to.equal(404);
    expect((await t.request('GET', '/no-such-path/456')).status).to.equal(404);
    const res = await t.request('GET', '/metrics');
    expect(res.status).to.equal(200);
    contentType = res.headers.get('content-type');
    samples = samplesOf(res.text);
  });
  after(async () => t.close());

  it('answers in the Prometheus text format, without credentials', () => {
    expect(contentType).to.equal('text/plain; version=0.0.4; charset=utf-8');
    expect(contentType).to.equal(t.service.metrics.registry.contentType);
  });

  it('counts requests by method, route pattern and status', () => {
    const [lists] = withLabels(samples, 'cal_http_request_duration_seconds_count', {
      method: 'GET',
      route: `${API}/events`,
      status: '200',
    });
    expect(lists?.value).to.be.at.least(2);
    const [creates] = withLabels(samples, 'cal_http_request_duration_seconds_count', {
      method: 'POST',
      route: `${API}/events`,
      status: '201',
    });
    expect(creates?.value).to.equal(2);
    expect(
      withLabels(samples, 'cal_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: `${API}/events`,
        status: '200',
        le: '+Inf',
      }),
    ).to.have.length(1);
  });

  it('labels routes with their pattern, never with the ids of a path: one series for two different ids', () => {
    const byId = withLabels(samples, 'cal_http_request_duration_seconds_count', {
      method: 'GET',
      status: '200',
    }).filter((s) => s.labels.route?.startsWith(`${API}/events/`));
    expect(byId.map((s) => [s.labels.route, s.value])).to.deep.equal([[`${API}/events/:id`, 2]]);
    const routes = new Set(
      samples.filter((s) => s.name === 'cal_http_request_duration_seconds_count').map((s) => s.labels.route),
    );
    for (const id of ids)
      expect([...routes].filter((route) => route?.split('/').includes(String(id)))).to.deep.equal([]);
    // Paths no route matches share one series too, whatever a client sends.
    expect([...routes].filter((route) => route?.includes('no-such-path'))).to.deep.equal([]);
    expect(
      withLabels(samples, 'cal_http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status: '404',
      })[0]?.value,
    ).to.equal(2);
  });

  it('counts appended events by stream category and times appends', () => {
    expect(withLabels(samples, 'cal_eventstore_appended_events_total', { category: 'event' })[0]?.value).to.equal(2);
    expect(withLabels(samples, 'cal_eventstore_append_duration_seconds_count', {})[0]?.value).to.be.at.least(2);
  });

  it('reports no projection lag once the writes were projected', () => {
    expect(withLabels(samples, 'cal_projection_lag_events', {}).map((s) => s.value)).to.deep.equal([0]);
    expect(withLabels(samples, 'cal_projection_lag_seconds', {}).map((s) => s.value)).to.deep.equal([0]);
  });

  it('includes the default process metrics, prefixed cal_', () => {
    expect(withLabels(samples, 'cal_process_cpu_user_seconds_total', {})[0]?.value).to.be.greaterThan(0);
    expect(withLabels(samples, 'cal_nodejs_heap_size_used_bytes', {})[0]?.value).to.be.greaterThan(0);
  });
});
