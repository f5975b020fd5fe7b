import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '@nocturne/events';
import { createTestDatabase, given, storyPublished, type TestDatabase } from '@nocturne/events/testing';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSystem, startSystem } from '../../system/start-system';
import { testConfig } from '../../test-env/test-config';
import { startTracing, type Tracing } from './tracing';

let database: TestDatabase;
let dataDir: string;
let system: RunningSystem;
let tracing: Tracing;
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
}, 120_000);

afterAll(async () => {
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
  it('the like, its append, the projection of its event and the read after it share the caller’s trace', async () => {
    const traceId = hex(16);
    const clientSpan = hex(8);
    const like = await fetch(`${system.address}/api/stories/${story}/like`, {
      method: 'POST',
      headers: { traceparent: `00-${traceId}-${clientSpan}-01` },
    });
    expect(like.status).toBe(200);
    const position = like.headers.get('x-event-position')!;
    const read = await fetch(`${system.address}/api/stories`, {
      headers: { traceparent: `00-${traceId}-${hex(8)}-01`, 'X-Min-Position': position },
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
      .toEqual(['GET', 'POST', 'append', 'project StoryLiked']);
    const spans = spansOf(traceId);
    const named = (name: string) => spans.find((s) => s.name === name)!;
    // The request is the caller's child; the append and the projection the request's.
    expect(parentOf(named('POST'))).toBe(clientSpan);
    expect(parentOf(named('append'))).toBe(named('POST').spanContext().spanId);
    expect(parentOf(named('project StoryLiked'))).toBe(named('POST').spanContext().spanId);
    expect(named('append').attributes['nocturne.position']).toBe(Number(position));
    expect(named('project StoryLiked').attributes['nocturne.position']).toBe(Number(position));
    expect(named('GET').attributes['http.response.status_code']).toBe(200);
  });

  it('the event remembers the trace it was made in, and an untraced request leaves none', async () => {
    const traceId = hex(16);
    await fetch(`${system.address}/api/stories/${story}/like`, {
      method: 'POST',
      headers: { traceparent: `00-${traceId}-${hex(8)}-01` },
    });
    const likes = await system.infra.store.readStream(streams.storyLikes(story));
    const metadata = likes.map((e) => (e.metadata as { traceparent?: string }).traceparent);
    expect(metadata.at(-1)).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  });
});
