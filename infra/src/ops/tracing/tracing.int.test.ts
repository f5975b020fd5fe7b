import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '@nocturne/events';
import { createTestDatabase, given, storyPublished, type TestDatabase } from '@nocturne/events/testing';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../split/gateway';
import { type RunningSystem, startSystem } from '../../system/start-system';
import { testConfig } from '../../test-env/test-config';
import { startTracing, type Tracing } from './tracing';

let database: TestDatabase;
let dataDir: string;
let system: RunningSystem;
let tracing: Tracing;
/** Split mode's front door before the system, traced as the system is. */
let gateway: FastifyInstance;
let front: string;
const exporter = new InMemorySpanExporter();
let story: string;

beforeAll(async () => {
  database = await createTestDatabase('tracing');
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-tracing-'));
  tracing = startTracing({ serviceName: 'nocturne-test', exporter })!;
  system = await startSystem(testConfig({ databaseUrl: database.url, dataDir }), {
    log: () => {},
    logError: () => {},
    host: '127.0.0.1',
    tracing,
  });
  const published = storyPublished({ isPremium: false });
  story = published.data.storyId;
  await given(system.infra.store, streams.story(story), [published], 'no_stream');
  gateway = await buildGateway({
    queryApiUrls: [system.address],
    commandApiUrls: [system.address],
    traceRequests: tracing.traceRequests,
    logLevel: 'silent',
  });
  front = await gateway.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await system?.stop();
  await tracing?.shutdown();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const spansOf = (traceId: string) =>
  exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('one trace from a like to the read that shows it', () => {
  it('the like, its append, the projection of its event and the read after it share the caller’s trace, through the gateway', async () => {
    const traceId = hex(16);
    const clientSpan = hex(8);
    const like = await fetch(`${front}/api/stories/${story}/like`, {
      method: 'POST',
      headers: { traceparent: `00-${traceId}-${clientSpan}-01` },
    });
    expect(like.status).toBe(200);
    const position = like.headers.get('x-event-position')!;
    const readSpan = hex(8);
    const read = await fetch(`${front}/api/stories`, {
      headers: { traceparent: `00-${traceId}-${readSpan}-01`, 'X-Min-Position': position },
    });
    expect(read.status).toBe(200);

    await expect
      .poll(
        () =>
          spansOf(traceId)
            .map((s) => s.name)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual(['GET', 'GET', 'POST', 'POST', 'append', 'project StoryLiked']);
    const spans = spansOf(traceId);
    const named = (name: string) => spans.filter((s) => s.name === name);
    const childOf = (name: string, parent: string) => {
      const children = named(name).filter((s) => parentOf(s) === parent);
      expect(children, `${name} beneath ${parent}`).toHaveLength(1);
      return children[0]!;
    };
    // The gateway's request is the caller's child, the service's the gateway's; the append and
    // the projection are the service's request's.
    const gatewayPost = childOf('POST', clientSpan);
    const servicePost = childOf('POST', gatewayPost.spanContext().spanId);
    const append = childOf('append', servicePost.spanContext().spanId);
    const projected = childOf('project StoryLiked', servicePost.spanContext().spanId);
    expect(append.attributes['nocturne.position']).toBe(Number(position));
    expect(projected.attributes['nocturne.position']).toBe(Number(position));
    const gatewayGet = childOf('GET', readSpan);
    const serviceGet = childOf('GET', gatewayGet.spanContext().spanId);
    expect(serviceGet.attributes['http.response.status_code']).toBe(200);
    expect(servicePost.attributes['http.request.method']).toBe('POST');
    expect(servicePost.attributes['url.path']).toMatch(/^\/api\/stories\/[^/?]+\/like$/);
  });

  it('the event remembers the trace it was made in', async () => {
    const traceId = hex(16);
    await fetch(`${system.address}/api/stories/${story}/like`, {
      method: 'POST',
      headers: { traceparent: `00-${traceId}-${hex(8)}-01` },
    });
    const likes = await system.infra.store.readStream(streams.storyLikes(story));
    const metadata = likes.map((e) => (e.metadata as { traceparent?: string }).traceparent);
    expect(metadata.at(-1)).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  });

  it('a like whose trace is not sampled records no span and leaves no trace context in its event, through the gateway too', async () => {
    const traceId = hex(16);
    const like = await fetch(`${front}/api/stories/${story}/like`, {
      method: 'POST',
      headers: { traceparent: `00-${traceId}-${hex(8)}-00` },
    });
    expect(like.status).toBe(200);
    const position = Number(like.headers.get('x-event-position'));
    const likes = await system.infra.store.readStream(streams.storyLikes(story));
    const event = likes.find((e) => e.position === position)!;
    expect((event.metadata as { traceparent?: string }).traceparent).toBeUndefined();
    // A sampled like after it, through the same gateway: once its spans are all in, the
    // unsampled one's would have been too.
    const sampled = hex(16);
    await fetch(`${front}/api/stories/${story}/like`, {
      method: 'POST',
      headers: { traceparent: `00-${sampled}-${hex(8)}-01` },
    });
    await expect.poll(() => spansOf(sampled).length, { timeout: 10_000 }).toBe(4);
    expect(spansOf(traceId)).toEqual([]);
  });
});
