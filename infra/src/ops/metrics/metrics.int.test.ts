import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../../system/test-system';
import { METRICS_REFUSED } from './metrics-route';

/**
 * GET /metrics of the one-process server after real traffic: the HTTP timings per route
 * pattern, the appends, the projections' positions and lag, the mail and rate-limit counters,
 * and the runtime's event-loop delay and heap.
 */
let system: TestSystem;
const METRICS_TOKEN = 'metrics-token-for-the-scraper-'.padEnd(48, 'm');
const missingStory = '00000000-0000-4000-8000-00000000abcd';

/** A metric's samples: the label set (as written) -> value. */
type Samples = Map<string, number>;

function parse(text: string): Map<string, Samples> {
  const metrics = new Map<string, Samples>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{.*\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, name = '', labels = '', value = ''] = match;
    if (!metrics.has(name)) metrics.set(name, new Map());
    metrics.get(name)!.set(labels, Number(value));
  }
  return metrics;
}

async function scrape(): Promise<Map<string, Samples>> {
  const answer = await fetch(`${system.baseUrl}/metrics`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await answer.text());
}

const sample = (metrics: Map<string, Samples>, name: string, labels: string) =>
  metrics.get(name)?.get(labels);

beforeAll(async () => {
  system = await startTestSystem({ metricsToken: METRICS_TOKEN });
});

afterAll(async () => {
  await system?.stop();
});

describe('GET /metrics', () => {
  it('counts the requests per route pattern and status, never per URL', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${system.baseUrl}/api/stories`)).status).toBe(200);
    expect((await fetch(`${system.baseUrl}/api/stories/${missingStory}?x=1`)).status).toBe(404);
    expect((await fetch(`${system.baseUrl}/api/no-such-route/abc`)).status).toBe(404);

    const text = await (await fetch(`${system.baseUrl}/metrics`)).text();
    const metrics = parse(text);
    const count = (labels: string) => sample(metrics, 'http_request_duration_seconds_count', labels);
    expect(count('{method="GET",route="/api/stories",status_code="200"}')).toBeGreaterThanOrEqual(3);
    expect(count('{method="GET",route="/api/stories/:id",status_code="404"}')).toBe(1);
    expect(count('{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThanOrEqual(1);
    // A bucket holds every observation at or under its bound; +Inf holds them all.
    expect(
      sample(
        metrics,
        'http_request_duration_seconds_bucket',
        '{le="+Inf",method="GET",route="/api/stories",status_code="200"}',
      ),
    ).toBe(count('{method="GET",route="/api/stories",status_code="200"}'));
    const sum = sample(
      metrics,
      'http_request_duration_seconds_sum',
      '{method="GET",route="/api/stories",status_code="200"}',
    );
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(30);
    // No raw URL, id or query string in any label.
    expect(text).not.toContain(missingStory);
    expect(text).not.toContain('no-such-route');
  });

  it('counts appends by event type, and each projection catches up to the head (lag 0)', async () => {
    const before = sample(await scrape(), 'nocturne_events_appended_total', '{type="WaitlistJoined"}') ?? 0;
    for (const email of ['one@metrics.test', 'two@metrics.test']) {
      const joined = await fetch(`${system.baseUrl}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.20.0.1' },
        body: JSON.stringify({ email }),
      });
      expect(joined.status).toBe(200);
    }
    await system.settle();
    const metrics = await scrape();
    expect(sample(metrics, 'nocturne_events_appended_total', '{type="WaitlistJoined"}')).toBe(before + 2);

    const head = await system.infra.store.headPosition();
    expect(head).toBeGreaterThan(0);
    const positions = metrics.get('nocturne_projection_position')!;
    expect([...positions.keys()]).toContain('{projection="stories"}');
    for (const [labels, position] of positions) {
      expect(position, labels).toBe(head);
      expect(sample(metrics, 'nocturne_projection_lag', labels), labels).toBe(0);
    }
  });

  it('shows a projection behind the head as lag until the projector catches up', async () => {
    await system.projector.stop();
    try {
      const joined = await fetch(`${system.baseUrl}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.20.0.2' },
        body: JSON.stringify({ email: 'three@metrics.test' }),
      });
      expect(joined.status).toBe(200);
      const behind = await scrape();
      expect(sample(behind, 'nocturne_projection_lag', '{projection="stories"}')).toBeGreaterThanOrEqual(1);
    } finally {
      system.projector.start();
    }
    await system.settle();
    expect(sample(await scrape(), 'nocturne_projection_lag', '{projection="stories"}')).toBe(0);
  });

  it('counts rate-limit refusals and sent mail', async () => {
    // The waiting list takes 10 a minute from one client; the 11th is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await fetch(`${system.baseUrl}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.20.0.3' },
        body: JSON.stringify({ email: `limit${i}@metrics.test` }),
      });
      statuses.push(answer.status);
    }
    expect(statuses.at(-1)).toBe(429);

    const signup = await fetch(`${system.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.20.0.4' },
      body: JSON.stringify({ email: 'reader@metrics.test', password: 'secret123', age_confirmed: true }),
    });
    expect(signup.status).toBe(200);
    await system.settle();
    await system.reactors.drain();

    const metrics = await scrape();
    expect(sample(metrics, 'nocturne_rate_limit_refusals_total', '{route="/api/waitlist"}')).toBe(1);
    expect(sample(metrics, 'nocturne_mail_sent_total', '')).toBeGreaterThanOrEqual(1);
    expect(sample(metrics, 'nocturne_mail_failed_total', '')).toBe(0);
  });

  it('has the runtime: event-loop delay and heap', async () => {
    const metrics = await scrape();
    expect(sample(metrics, 'nodejs_eventloop_lag_p99_seconds', '')).toBeGreaterThanOrEqual(0);
    expect(sample(metrics, 'nodejs_heap_size_used_bytes', '')).toBeGreaterThan(1_000_000);
  });

  it('is refused to a request that came through a proxy, unless it carries METRICS_TOKEN', async () => {
    const proxied = await fetch(`${system.baseUrl}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.status).toBe(403);
    expect(await proxied.json()).toEqual({ detail: METRICS_REFUSED });

    const wrong = await fetch(`${system.baseUrl}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer not-the-token' },
    });
    expect(wrong.status).toBe(403);

    const withToken = await fetch(`${system.baseUrl}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('http_request_duration_seconds_bucket');
  });
});
