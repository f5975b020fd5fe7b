import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase, testNatsUrl, uniqueName } from '@nocturne/events/testing';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDist } from '../../bin/build.mjs';
import { serverNodeArguments } from '../../bin/server-runtime.mjs';
import { outsideAddresses, reachable } from '../test-env/reachable';
import {
  internalAddress,
  projectorLeads,
  SPLIT_ADMIN_PASSWORD,
  SPLIT_APP_SECRET,
  SPLIT_INTERNAL_TOKEN,
  type SplitSystem,
  startSplitSystem,
} from '../test-env/split-system';
import { INTERNAL_ROUTE_SPELLINGS } from './testing/internal-route-spellings';

let database: TestDatabase;
let split: SplitSystem;
let base: string;
const output = () => split.output();

/**
 * Starts the compiled split mode on a fresh database, with two processes of each back end behind
 * the gateway (seven processes), and waits for its banner.
 */
beforeAll(async () => {
  database = await createTestDatabase('split');
  split = await startSplitSystem({
    databaseUrl: database.url,
    natsUrl: testNatsUrl(),
    natsSubjectPrefix: uniqueName('split'),
    queryProcesses: 2,
    commandProcesses: 2,
    projectorProcesses: 2,
    exposeVerificationToken: true,
  });
  base = split.base;
}, 240_000);

afterAll(async () => {
  await split?.stop();
  await database?.drop();
}, 60_000);

const png = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function publishStory(isPremium = false): Promise<string> {
  const form = new FormData();
  for (const [i, colour] of ['red', 'blue'].entries()) {
    form.append('images', new Blob([new Uint8Array(await png(colour))], { type: 'image/png' }), `${i}.png`);
    form.append('texts', `Slide ${i + 1} of the split-mode story.`);
  }
  form.append('isPremium', String(isPremium));
  const response = await fetch(`${base}/api/stories`, {
    method: 'POST',
    headers: { 'X-Admin-Code': SPLIT_ADMIN_PASSWORD },
    body: form,
  });
  expect(response.status).toBe(201);
  expect(response.headers.get('x-served-by')).toBe('command-api');
  return ((await response.json()) as { id: string }).id;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request exactly as given (the path is not normalised, as fetch would) from a chosen
 * loopback source address: the rate limits count per client address, and 127.0.0.0/8 gives as
 * many clients as a test needs.
 */
function send(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string; from?: string },
): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? 'GET',
        path: options.path ?? `${target.pathname}${target.search}`,
        headers: options.headers,
        localAddress: options.from,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

type InternalService =
  | 'command-api'
  | 'command-api-2'
  | 'query-api'
  | 'query-api-2'
  | 'projector'
  | 'projector-2';
const internalServices: InternalService[] = [
  'projector',
  'projector-2',
  'command-api',
  'command-api-2',
  'query-api',
  'query-api-2',
];

/** The internal base URLs, from the supervisor's banner. */
const internalUrl = (service: InternalService) => internalAddress(split, service);

/** Whether a projector process leads (its own /metrics); undefined when it does not answer. */
const leads = (service: 'projector' | 'projector-2') => projectorLeads(internalUrl(service));

/** A process's pid, from the banner (the first start). */
const pidOf = (service: InternalService) =>
  Number(new RegExp(`${service} \\(pid (\\d+)\\)`).exec(output())?.[1]);

/** The event store's head position, as command-api's next append would show it. */
async function appendedEvents(): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from es_events');
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

/** How many `GET /api/stories` a query-api process answered with a 200 (its own /metrics). */
async function storyListsServed(service: 'query-api' | 'query-api-2'): Promise<number> {
  const metrics = await (await fetch(`${internalUrl(service)}/metrics`)).text();
  const count =
    /http_request_duration_seconds_count\{method="GET",route="\/api\/stories",status_code="200"\} (\d+)/.exec(
      metrics,
    );
  return Number(count?.[1] ?? 0);
}

describe('split mode: each service in its own process behind the gateway', () => {
  it('runs seven processes (two of each back end), each plain node on the compiled output (no tsx)', () => {
    expect(output()).toMatch(
      /projector \(pid \d+\), projector-2 \(pid \d+\), command-api \(pid \d+\), command-api-2 \(pid \d+\), query-api \(pid \d+\), query-api-2 \(pid \d+\), gateway/,
    );
    const pids = [
      ...output()
        .split('services       :')[1]!
        .split('\n')[0]!
        .matchAll(/\(pid (\d+)\)/g),
    ].map((m) => m[1]);
    expect(pids).toHaveLength(7);
    for (const pid of pids) {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(commandLine).toContain(join(serverDist, 'service.mjs'));
      // The server's V8 flags (bin/server-runtime.mjs), as npm start's server has them.
      expect(commandLine).toEqual(expect.arrayContaining(serverNodeArguments));
      expect(commandLine.join(' ')).not.toMatch(/tsx/);
    }
  });

  it('routes GET and HEAD /api to query-api', async () => {
    const get = await fetch(`${base}/api/stories`);
    expect(get.status).toBe(200);
    expect(get.headers.get('x-served-by')).toBe('query-api');
    expect(await get.json()).toEqual([]);

    const head = await fetch(`${base}/api/stories`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-served-by')).toBe('query-api');

    const unknown = await fetch(`${base}/api/no-such-thing`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-served-by')).toBe('query-api');
    expect(((await unknown.json()) as { detail: string }).detail).toMatch(/No such endpoint/);
  });

  it('routes every other method to command-api', async () => {
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const response = await fetch(`${base}/api/stories/00000000-0000-4000-8000-000000000000/like`, {
        method,
      });
      expect(response.headers.get('x-served-by')).toBe('command-api');
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.json()).toHaveProperty('detail');
    }
  });

  it("serves the OpenAPI document from query-api, command-api's routes included", async () => {
    const response = await fetch(`${base}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-served-by')).toBe('query-api');
    const document = (await response.json()) as { openapi: string; paths: Record<string, object> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths['/api/auth/signup'] ?? {})).toEqual(['post']);
    expect(Object.keys(document.paths['/api/stories'] ?? {}).sort()).toEqual(['get', 'head', 'post']);
    // The split-mode-only internal route is not part of the public API.
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('carries a write end to end: upload through the gateway, projector process, read with X-Min-Position', async () => {
    const id = await publishStory();
    const like = await fetch(`${base}/api/stories/${id}/like`, { method: 'POST' });
    expect(like.status).toBe(200);
    expect(like.headers.get('x-served-by')).toBe('command-api');
    expect(await like.json()).toEqual({ likes: 1 });
    const position = like.headers.get('x-event-position')!;
    expect(Number(position)).toBeGreaterThan(0);

    const list = await fetch(`${base}/api/stories`, { headers: { 'X-Min-Position': position } });
    const stories = (await list.json()) as { id: string; likes: number; texts: string[] }[];
    expect(stories.find((s) => s.id === id)).toMatchObject({ likes: 1 });
  });

  /**
   * The gateway sends reads to the two query-api processes in turn, so the two reads
   * after each like go one to each: each process's own cache is checked 200 times against the
   * position the like returned. Two answers read at one position must be the same bytes.
   */
  it('the cached list is never older than the position asked for: a like, then the list from each query-api, 200 times', async () => {
    const id = await publishStory();
    const served = async () => Promise.all((['query-api', 'query-api-2'] as const).map(storyListsServed));
    const before = await served();
    const answersAt = new Map<string, { etag: string | null; body: string }>();
    for (let n = 1; n <= 200; n++) {
      const like = await fetch(`${base}/api/stories/${id}/like`, { method: 'POST' });
      expect(like.status).toBe(200);
      const position = like.headers.get('x-event-position')!;
      const path = n % 2 === 0 ? '/api/stories' : '/api/stories?limit=5';
      for (const read of [1, 2]) {
        const list = await fetch(`${base}${path}`, { headers: { 'X-Min-Position': position } });
        expect(list.status).toBe(200);
        expect(list.headers.get('x-served-by')).toBe('query-api');
        const body = await list.text();
        const stories = JSON.parse(body) as { id: string; likes: number }[];
        expect(stories.find((s) => s.id === id)?.likes, `like ${n} via ${path}, read ${read}`).toBe(n);
        const projected = Number(list.headers.get('x-projected-position'));
        expect(projected).toBeGreaterThanOrEqual(Number(position));
        const answer = { etag: list.headers.get('etag'), body };
        const key = `${path} at ${projected}`;
        expect(answersAt.get(key) ?? answer, `two answers for ${key}`).toEqual(answer);
        answersAt.set(key, answer);
      }
    }
    // Each process answered its half of the 400 reads (the metrics count what each served).
    const after = await served();
    for (const [i, count] of after.entries()) expect(count - before[i]!).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('never lets the outside reach an internal route, however the path is spelled', async () => {
    const before = await appendedEvents();
    for (const path of INTERNAL_ROUTE_SPELLINGS) {
      const answer = await send(base, {
        method: 'POST',
        path,
        ...json({ userKey: '0'.repeat(32), storyId: 'x' }),
        headers: { 'content-type': 'application/json', 'x-internal-token': SPLIT_INTERNAL_TOKEN },
      });
      expect(answer.status, path).toBe(404);
      expect(answer.headers['x-served-by'], path).toBeUndefined();
    }
    expect(await appendedEvents()).toBe(before);
  });

  it('internal calls authenticate with INTERNAL_TOKEN, never with APP_SECRET', async () => {
    const commandApi = internalUrl('command-api');
    expect(commandApi).not.toBe('');
    const unlock = (headers: Record<string, string>) =>
      send(`${commandApi}/internal/premium/unlock`, {
        method: 'POST',
        ...json({ userKey: '0'.repeat(32), storyId: 'no-such-story' }),
        headers: { 'content-type': 'application/json', ...headers },
      });
    for (const headers of <Record<string, string>[]>[
      {},
      { 'x-internal-token': SPLIT_APP_SECRET },
      { 'x-internal-secret': SPLIT_APP_SECRET },
      { authorization: `Bearer ${SPLIT_APP_SECRET}` },
      { 'x-internal-token': `${SPLIT_INTERNAL_TOKEN.slice(0, -1)}c` },
    ]) {
      const answer = await unlock(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
    }
    // The right token gets through to the unlock itself (an unknown story: 404).
    expect((await unlock({ 'x-internal-token': SPLIT_INTERNAL_TOKEN })).status).toBe(404);
  });

  it('answers /healthz and /readyz on the gateway (asking its upstreams) and on every service', async () => {
    const gateway = await fetch(`${base}/readyz`);
    const report = (await gateway.json()) as { ready: boolean; services: Record<string, { ready: boolean }> };
    expect(gateway.status, JSON.stringify(report)).toBe(200);
    expect(Object.keys(report.services).sort()).toEqual([...internalServices].sort());
    expect(Object.values(report.services).every((s) => s.ready)).toBe(true);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    for (const service of internalServices) {
      expect(internalUrl(service), service).not.toBe('');
      expect((await fetch(`${internalUrl(service)}/healthz`)).status, service).toBe(200);
      const ready = await fetch(`${internalUrl(service)}/readyz`);
      expect(ready.status, service).toBe(200);
      expect(((await ready.json()) as { projections: unknown[] }).projections.length).toBeGreaterThan(0);
    }
  });

  it('internal services listen on loopback only', async () => {
    for (const service of internalServices) {
      const port = Number(new URL(internalUrl(service)).port);
      expect(await reachable('127.0.0.1', port), service).toBe(true);
      // Bound to 127.0.0.1, not to every address: another address of this host is refused.
      expect(await reachable('127.0.0.2', port), service).toBe(false);
      for (const address of outsideAddresses()) {
        expect(await reachable(address, port), `${service} on ${address}`).toBe(false);
      }
    }
  });

  it('each service serves its own /metrics, the projector on a port of its own', async () => {
    expect((await fetch(`${base}/api/stories`)).status).toBe(200);
    const scrape = async (url: string) => {
      const answer = await fetch(`${url}/metrics`);
      expect(answer.status, url).toBe(200);
      return answer.text();
    };
    const gateway = await scrape(base);
    const commandApi = await scrape(internalUrl('command-api'));
    const queryApi = await scrape(internalUrl('query-api'));
    const projector = await scrape(internalUrl('projector'));
    // The gateway times what it proxies (its one route); query-api the route that answered.
    expect(gateway).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/\*",status_code="200"\} [1-9]/,
    );
    expect(gateway).not.toContain('route="/api/stories"');
    expect(queryApi).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/stories",status_code="200"\} [1-9]/,
    );
    // Appends are command-api's (the stories published above); projections and mail the projector's.
    expect(commandApi).toMatch(/nocturne_events_appended_total\{type="\w+"\} [1-9]/);
    expect(queryApi).not.toContain('nocturne_events_appended_total{');
    expect(projector).toMatch(/nocturne_projection_position\{projection="stories"\} [1-9]/);
    expect(projector).toMatch(/nocturne_projection_lag\{projection="stories"\} \d/);
    expect(projector).toContain('# TYPE nocturne_mail_sent_total counter');
    for (const other of [gateway, commandApi, queryApi])
      expect(other).not.toContain('nocturne_projection_position');
    // Every process reports its own runtime: event-loop delay and heap.
    for (const text of [gateway, commandApi, queryApi, projector]) {
      expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
      expect(text).toContain('nodejs_heap_size_used_bytes');
    }
  });

  /**
   * A premium read right after login may carry the client's last position from before the login,
   * so waiting for that position does not cover the UserLoggedIn: the read must find the session
   * all the same. Fifty times in a row: log in, read a premium story at once with the older
   * position.
   */
  it('unlocks a premium story right after login with a position from before it, 50 times in a row, never a 401 (a session not yet projected was refused)', async () => {
    const id = await publishStory(true);
    let client = 10;
    const from = () => `127.0.0.${client++}`;
    const refused: string[] = [];
    // Five accounts, ten logins each (the per-account login limit), each from its own address.
    for (let account = 0; account < 5; account++) {
      const email = `split-${uniqueName('reader')}@example.com`;
      const signup = await send(`${base}/api/auth/signup`, {
        method: 'POST',
        from: from(),
        ...json({ email, password: 'secret123', age_confirmed: true }),
      });
      expect(signup.status, signup.body).toBe(200);
      const { verification_token } = JSON.parse(signup.body) as { verification_token: string };
      const verify = await send(`${base}/api/auth/verify-email`, {
        method: 'POST',
        from: from(),
        ...json({ token: verification_token }),
      });
      expect(verify.status, verify.body).toBe(200);
      const grant = await send(`${base}/api/admin/users/${encodeURIComponent(email)}/subscription`, {
        method: 'PUT',
        headers: {
          'x-admin-code': SPLIT_ADMIN_PASSWORD,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'is_subscribed=true',
      });
      expect(grant.status, grant.body).toBe(200);
      const olderPosition = String(grant.headers['x-event-position']);
      let token = '';
      let lastPosition = olderPosition;
      for (let read = 0; read < 10; read++) {
        const login = await send(`${base}/api/auth/login`, {
          method: 'POST',
          from: from(),
          ...json({ email, password: 'secret123' }),
        });
        expect(login.status, login.body).toBe(200);
        token = (JSON.parse(login.body) as { token: string }).token;
        const story = await send(`${base}/api/stories/${id}`, {
          headers: { authorization: `Bearer ${token}`, 'x-min-position': olderPosition },
        });
        if (story.status !== 200)
          refused.push(`account ${account}, login ${read}: ${story.status} ${story.body}`);
        expect(story.headers['x-served-by']).toBe('query-api');
        const position = story.headers['x-event-position'];
        if (typeof position === 'string') lastPosition = position;
      }
      // Ten reads of one story spent one of the thirty, once.
      const me = await send(`${base}/api/auth/me`, {
        headers: { authorization: `Bearer ${token}`, 'x-min-position': lastPosition },
      });
      expect(JSON.parse(me.body)).toMatchObject({ premium_stories_remaining: 29 });
    }
    expect(refused).toEqual([]);
  }, 180_000);

  it('serves the SPA for other GET paths', async () => {
    const response = await fetch(`${base}/some/client/route`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"');
  });

  it('one projector leads and the other stands by; the leader SIGKILLed, the standby takes over within 5 s and nothing is lost', async () => {
    const id = await publishStory();
    const states = await Promise.all((['projector', 'projector-2'] as const).map(leads));
    expect(states.filter((s) => s === true)).toHaveLength(1);
    expect(states.filter((s) => s === false)).toHaveLength(1);
    const [leader, standby] = states[0]
      ? (['projector', 'projector-2'] as const)
      : (['projector-2', 'projector'] as const);

    process.kill(pidOf(leader), 'SIGKILL');
    const killedAt = Date.now();
    const likes: string[] = [];
    while (!(await leads(standby))) {
      expect(Date.now() - killedAt, 'the standby did not take over').toBeLessThan(5_000);
      const like = await fetch(`${base}/api/stories/${id}/like`, { method: 'POST' });
      expect(like.status).toBe(200);
      likes.push(like.headers.get('x-event-position')!);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const like = await fetch(`${base}/api/stories/${id}/like`, { method: 'POST' });
    const position = like.headers.get('x-event-position')!;
    const list = await fetch(`${base}/api/stories`, { headers: { 'X-Min-Position': position } });
    expect(list.status).toBe(200);
    const stories = (await list.json()) as { id: string; likes: number }[];
    // Every like, once: none lost while nobody led, none applied twice by the two.
    expect(stories.find((s) => s.id === id)?.likes).toBe(likes.length + 1);
    // The supervisor starts the killed one again, and it stands by.
    await expect.poll(() => output(), { timeout: 30_000 }).toContain(`${leader} exited unexpectedly`);
    await expect.poll(() => leads(leader), { timeout: 60_000, interval: 500 }).toBe(false);
  }, 120_000);

  it('one of two command-api processes SIGKILLed: commands go on through the other, and it is started again', async () => {
    const id = await publishStory();
    process.kill(pidOf('command-api-2'), 'SIGKILL');
    let acknowledged = 0;
    for (let i = 0; i < 20; i++) {
      const like = await fetch(`${base}/api/stories/${id}/like`, { method: 'POST' });
      // The gateway may have sent one to the dead process before it noticed: a 502, never a 500.
      expect([200, 502]).toContain(like.status);
      if (like.status === 200) acknowledged += 1;
    }
    expect(acknowledged).toBeGreaterThanOrEqual(10);
    await expect.poll(() => output(), { timeout: 30_000 }).toContain('command-api-2 exited unexpectedly');
    await expect
      .poll(
        () =>
          fetch(`${internalUrl('command-api-2')}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 60_000,
          interval: 500,
        },
      )
      .toBe(200);
    const like = await fetch(`${base}/api/stories/${id}/like`, { method: 'POST' });
    const list = await fetch(`${base}/api/stories`, {
      headers: { 'X-Min-Position': like.headers.get('x-event-position')! },
    });
    const stories = (await list.json()) as { id: string; likes: number }[];
    expect(stories.find((s) => s.id === id)?.likes).toBe(acknowledged + 1);
  }, 120_000);

  it('stops every process cleanly on SIGTERM', async () => {
    expect(await split.stop()).toBe(0);
    expect(output()).toContain('[split] stopped cleanly');
  }, 60_000);
});
