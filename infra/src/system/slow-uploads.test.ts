import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { WorkSlots } from '@nocturne/command-api';
import type { TestCommandApi } from '@nocturne/command-api/testing/test-command-api';
import { postStory, TEST_ADMIN_PASSWORD } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpTimeouts, startServedCommandApi } from './served-command-api';

/**
 * A client that starts an upload and then sends nothing more, or sends it a byte at a time,
 * holds one of the image work slots while its body is read: two such clients stopped all
 * publishing for as long as their sockets stayed open (Node's own request timeout is five
 * minutes, and nothing cut a socket that went quiet). The server's timeouts (infra's http-timeouts.ts)
 * cut them, and the slots come back. Shortened here so the test takes seconds.
 */
const timeouts: HttpTimeouts = { headersMs: 1_000, requestMs: 4_000, idleMs: 1_500, keepAliveMs: 1_000 };
const slots = new WorkSlots(2, 16);
let api: TestCommandApi;
let port: number;

beforeAll(async () => {
  api = await startServedCommandApi({}, { imageWork: slots }, timeouts);
  port = Number(new URL(api.baseUrl).port);
});
afterAll(async () => {
  await api?.stop();
});

/** How long until `condition` holds (polled), or undefined after `withinMs`. */
async function msUntil(condition: () => boolean, withinMs: number): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (condition()) return Date.now() - started;
    await sleep(20);
  }
  return undefined;
}

/** The start of a 10 MB story upload: its headers and the first bytes of its body. */
function startUpload(): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const boundary = 'stalled-upload';
  socket.write(
    [
      'POST /api/stories HTTP/1.1',
      'Host: 127.0.0.1',
      `X-Admin-Code: ${TEST_ADMIN_PASSWORD}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      'Content-Length: 10000000',
      '',
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ].join('\r\n'),
  );
  return socket;
}

const closed = (socket: Socket) => socket.destroyed || socket.readableEnded;

describe('slow and stalled clients', () => {
  it('two uploads that stall after their first bytes hold the image slots no longer than the idle timeout', async () => {
    const stalled = [startUpload(), startUpload()];
    expect(await msUntil(() => slots.active === 2, 5_000)).toBeDefined();
    const freedAfter = await msUntil(() => slots.active === 0, timeouts.idleMs + 3_000);
    expect(freedAfter, 'the image slots are still held').toBeDefined();
    expect(await msUntil(() => stalled.every(closed), 2_000)).toBeDefined();
    const published = await postStory(api.baseUrl, { texts: ['after', 'the stall'] }, undefined, 41);
    expect(published.status).toBe(201);
  }, 30_000);

  it('an upload that trickles a byte at a time is cut at the request timeout', async () => {
    const trickling = startUpload();
    const drip = setInterval(() => trickling.write('x'), 300);
    try {
      expect(await msUntil(() => slots.active === 1, 5_000)).toBeDefined();
      const started = Date.now();
      expect(await msUntil(() => slots.active === 0, timeouts.requestMs + 4_000)).toBeDefined();
      expect(Date.now() - started).toBeGreaterThan(timeouts.idleMs); // not the idle timeout: it kept sending
    } finally {
      clearInterval(drip);
      trickling.destroy();
    }
  }, 30_000);

  it('an upload waiting its turn behind slow ones longer than the idle timeout is not cut for it, and publishes once they are', async () => {
    // Two uploads that keep a byte coming: they hold both slots until the request timeout.
    const slow = [startUpload(), startUpload()];
    const drips = slow.map((socket) => setInterval(() => socket.write('x'), 300));
    try {
      expect(await msUntil(() => slots.active === 2, 5_000)).toBeDefined();
      const started = Date.now();
      const published = await postStory(api.baseUrl, { texts: ['queued', 'behind them'] }, undefined, 42);
      // It waited past its own idle timeout (nothing moves on a socket whose body waits unread).
      expect(Date.now() - started).toBeGreaterThan(timeouts.idleMs);
      expect(published.status).toBe(201);
    } finally {
      for (const drip of drips) clearInterval(drip);
      for (const socket of slow) socket.destroy();
    }
  }, 30_000);

  it('a client that never finishes its headers is cut at the headers timeout', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write('POST /api/stories/x/like HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => socket.write('X-Slow: y\r\n'), 200);
    try {
      expect(await msUntil(() => closed(socket), timeouts.headersMs + 3_000)).toBeDefined();
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  }, 30_000);
});
