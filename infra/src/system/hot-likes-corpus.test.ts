import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { TestCommandApi } from '@nocturne/command-api/testing/test-command-api';
import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServedCommandApi } from './served-command-api';

/**
 * The likes fast path (the hot answer of command-api/src/stories/like-story.ts) must answer every request it takes
 * exactly as the route would. Two command-apis on equal in-memory logs: one behind its real
 * server (the hot lane first), the other reached through Fastify's own routing only (no lane).
 * Every request of the corpus goes, as raw bytes, to both; status, headers and body must match,
 * and so must what each log holds afterwards.
 */
const storyId = storyPublished().data.storyId;
let withLane: TestCommandApi;
let routeOnly: TestCommandApi;
let routeServer: Server;
let lanePort: number;
let routePort: number;

async function startWithStory(): Promise<TestCommandApi> {
  const api = await startServedCommandApi();
  const event = storyPublished({ isPremium: false });
  await given(
    api.ports.store,
    streams.story(storyId),
    [{ ...event, data: { ...event.data, storyId } }],
    'no_stream',
  );
  return api;
}

beforeAll(async () => {
  withLane = await startWithStory();
  routeOnly = await startWithStory();
  lanePort = Number(new URL(withLane.baseUrl).port);
  routeServer = createServer((request, response) => routeOnly.app.routing(request, response));
  await new Promise<void>((resolve) => routeServer.listen(0, '127.0.0.1', resolve));
  routePort = (routeServer.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => routeServer?.close(resolve));
  await withLane?.stop();
  await routeOnly?.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The request's bytes as given, on a connection of its own; the answer as read off the wire. */
function exchange(port: number, bytes: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    // A server that keeps waiting for more is an answer too: the same on both sides, or not.
    socket.setTimeout(2_000, () => {
      socket.destroy();
      resolve({
        status: 0,
        headers: {},
        body: `no answer in 2 s: ${Buffer.concat(chunks).toString('latin1')}`,
      });
    });
    socket.on('end', () => resolve(parseAnswer(Buffer.concat(chunks).toString('latin1'))));
    socket.end(bytes, 'latin1');
  });
}

/** Headers that say when or over what connection, not what: left out of the comparison. */
const connectionHeaders = new Set(['date', 'connection', 'keep-alive']);

function parseAnswer(received: string): Answer {
  // An interim answer (100 Continue) first, then the answer.
  const raw = received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!connectionHeaders.has(name)) headers[name] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let decoded = '';
    for (let at = 0; ; ) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = Number.parseInt(body.slice(at, lineEnd), 16);
      if (!size) break;
      decoded += body.slice(lineEnd + 2, lineEnd + 2 + size);
      at = lineEnd + 2 + size + 2;
    }
    body = decoded;
    delete headers['transfer-encoding'];
    headers['content-length'] = String(Buffer.byteLength(body, 'latin1'));
  }
  const sorted = Object.fromEntries(Object.entries(headers).sort(([a], [b]) => a.localeCompare(b)));
  return { status: Number(statusLine.split(' ')[1]), headers: sorted, body };
}

interface Sent {
  method: string;
  path: string;
  headers: string[];
  body?: string;
}

function bytesOf(request: Sent): string {
  const headers = ['Host: 127.0.0.1', 'Connection: close', ...request.headers];
  const body = request.body ?? '';
  return `${request.method} ${request.path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body}`;
}

const likePath = `/api/stories/${storyId}/like`;
const paths = [
  likePath,
  `/api/stories/${storyId.toUpperCase()}/like`,
  `/api/stories/${storyId}/like/`,
  `/api/stories/${storyId}/like?`,
  `/api/stories/${storyId}/like?x=1`,
  `/api/stories/${storyId}/like#top`,
  `//api/stories/${storyId}/like`,
  `/api/stories/${storyId}//like`,
  `/api/stories/${storyId.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}/like`,
  `/api/stories/${storyId}/%6Cike`,
  `/api/stories/${storyPublished().data.storyId}/like`,
  '/api/stories/not-a-story/like',
  '/api/stories/%00/like',
  '/api/stories/../like',
  `/API/stories/${storyId}/like`,
  `/api/stories/${storyId}/like;x`,
];
// (A method in lower case is refused by Node's HTTP parser, before any handler sees it.)
const methods = ['POST', 'GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Headers and bodies a like may come with. */
const variants: { headers: string[]; body?: string }[] = [
  { headers: [] },
  { headers: ['Content-Length: 0'] },
  { headers: ['Content-Length: 00'] },
  { headers: ['Content-Type: application/json'] },
  { headers: ['Content-Type: application/json', 'Content-Length: 0'] },
  { headers: ['Content-Type: application/json; charset=utf-8', 'Content-Length: 0'] },
  { headers: ['Content-Type: text/plain', 'Content-Length: 0'] },
  { headers: ['Content-Type: application/xml', 'Content-Length: 0'] },
  { headers: ['Content-Type: application/x-www-form-urlencoded', 'Content-Length: 0'] },
  { headers: ['Content-Type: multipart/form-data; boundary=x', 'Content-Length: 0'] },
  { headers: ['Content-Type: ', 'Content-Length: 0'] },
  { headers: ['Content-Type: ;;', 'Content-Length: 0'] },
  { headers: ['Content-Type: application/json', 'Content-Length: 2'], body: '{}' },
  { headers: ['Content-Type: application/json', 'Content-Length: 4'], body: 'null' },
  { headers: ['Content-Type: application/json', 'Content-Length: 1'], body: '{' },
  { headers: ['Content-Type: text/plain', 'Content-Length: 5'], body: 'hello' },
  { headers: ['Content-Length: 2'], body: '{}' },
  { headers: ['Transfer-Encoding: chunked'], body: '0\r\n\r\n' },
  { headers: ['Content-Type: application/json', 'Transfer-Encoding: chunked'], body: '2\r\n{}\r\n0\r\n\r\n' },
  { headers: ['Content-Encoding: gzip', 'Content-Length: 0'] },
  { headers: ['Content-Encoding: br', 'Content-Type: application/json', 'Content-Length: 0'] },
  { headers: ['Accept-Encoding: br, gzip'] },
  { headers: ['Accept: text/html'] },
  { headers: ['X-Admin-Code: wrong'] },
  { headers: ['X-Admin-Code: '] },
  { headers: ['Authorization: Bearer nonsense'] },
  { headers: ['Authorization: Basic Zm9vOmJhcg=='] },
  { headers: ['X-Min-Position: 12'] },
  { headers: ['X-Correlation-Id: corr-1'] },
  { headers: ['Expect: 100-continue', 'Content-Length: 0'] },
  { headers: ['Origin: https://elsewhere.example'] },
];

function corpus(): Sent[] {
  const all: Sent[] = [];
  for (const path of paths) for (const variant of variants) all.push({ method: 'POST', path, ...variant });
  for (const method of methods)
    for (const variant of variants.slice(0, 8)) all.push({ method, path: likePath, ...variant });
  return all;
}

const likesIn = (api: TestCommandApi) => api.ports.store.readStream(streams.storyLikes(storyId));

/** How many likes each side has stored: what the last request appended is the difference. */
const stored = new Map<TestCommandApi, number>();
async function appended(api: TestCommandApi): Promise<number> {
  const now = (await likesIn(api)).length;
  const before = stored.get(api) ?? 0;
  stored.set(api, now);
  return now - before;
}

/**
 * The counts and positions of the two logs part once one side has stored a like the other
 * refused; what must agree is the answer's shape and whether it stored one.
 */
function normalised(answer: Answer, likesAppended: number): Answer & { likesAppended: number } {
  const headers = { ...answer.headers };
  if (headers['x-event-position'] !== undefined) headers['x-event-position'] = '#';
  // A rate limit's wait counts down between the two answers.
  if (headers['retry-after'] !== undefined) headers['retry-after'] = '#';
  if (/^\{"likes":\d+\}$/.test(answer.body)) delete headers['content-length'];
  return { ...answer, headers, body: answer.body.replace(/^\{"likes":\d+\}$/, '{"likes":#}'), likesAppended };
}

describe('the likes fast path and the route', () => {
  it('give the same status, headers and body for every request of a corpus (the lane took empty bodies with a content type the route refuses)', async () => {
    const differences: string[] = [];
    for (const request of corpus()) {
      const bytes = bytesOf(request);
      const lane = normalised(await exchange(lanePort, bytes), await appended(withLane));
      const route = normalised(await exchange(routePort, bytes), await appended(routeOnly));
      if (JSON.stringify(lane) !== JSON.stringify(route)) {
        differences.push(
          `${JSON.stringify(bytes)}\n  lane:  ${JSON.stringify(lane)}\n  route: ${JSON.stringify(route)}`,
        );
      }
    }
    expect(differences).toEqual([]);
    const [laneLikes, routeLikes] = await Promise.all([likesIn(withLane), likesIn(routeOnly)]);
    expect(laneLikes.length).toBeGreaterThan(0);
    expect(laneLikes.length).toBe(routeLikes.length);
  }, 120_000);
});
