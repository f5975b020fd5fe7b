import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { startTestSystem } from '@nocturne/infra/system/test-system';
import autocannon from 'autocannon';
import { getDrained } from './http-get';

export interface EncodingThroughput {
  encoding: string;
  requestsPerSecond: number;
  /** Bytes of one answer's body as sent. */
  bodyBytes: number;
  p99Ms: number;
}

const STORIES = 60;

/** One answer as sent: its Content-Encoding and the bytes of its body on the wire. */
async function sample(
  url: string,
  headers: Record<string, string>,
): Promise<{ encoding: string; bytes: number }> {
  const answer = await getDrained(url, { headers });
  return { encoding: answer.headers['content-encoding'] ?? 'identity', bytes: answer.bytes };
}
const SECONDS = 5;

/**
 * The cost of compressing JSON answers: GET /api/stories on the one-process server
 * (the query API, the compression hook and all), requests per second without Accept-Encoding,
 * with gzip and with Brotli, over a list of 60 published stories, 10 connections, 5 s each.
 */
export async function benchListCompression(
  postgresUrl: string,
  log: (line: string) => void,
): Promise<EncodingThroughput[]> {
  process.env.TEST_DATABASE_URL = postgresUrl;
  const system = await startTestSystem();
  try {
    for (let i = 0; i < STORIES; i++) {
      const event = storyPublished({ isPremium: i % 3 === 0 });
      await given(system.infra.store, streams.story(event.data.storyId), [event], 'no_stream');
    }
    await system.settle();
    const url = `${system.baseUrl}/api/stories`;
    const results: EncodingThroughput[] = [];
    for (const encoding of ['identity', 'gzip', 'br']) {
      const headers = { 'accept-encoding': encoding };
      const answer = await sample(url, headers);
      if (answer.encoding !== encoding) throw new Error(`asked for ${encoding}, got ${answer.encoding}`);
      const bodyBytes = answer.bytes;
      const run = await autocannon({ url, connections: 10, duration: SECONDS, headers });
      if (run.non2xx || run.errors)
        throw new Error(`${encoding}: ${run.non2xx} non-2xx, ${run.errors} errors`);
      log(`${encoding.padEnd(8)} ${Math.round(run.requests.average)} req/s, ${bodyBytes} bytes per answer`);
      results.push({ encoding, requestsPerSecond: run.requests.average, bodyBytes, p99Ms: run.latency.p99 });
    }
    return results;
  } finally {
    await system.stop();
  }
}
