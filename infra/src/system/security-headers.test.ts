import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../split/gateway';
import { buildHttpApp } from './http-app';

const style = 'html{background:#0c0a10}';
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'nocturne-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><style>${style}</style><script type="module" src="/assets/a.js"></script></head><body><div id="root"></div></body></html>`,
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The headers every answer must carry. */
function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self';");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['x-frame-options'], what).toBe('DENY');
}

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildHttpApp({ webDist: dist, publicUrl: 'http://localhost:3000', logLevel: 'silent' });
  });
  afterAll(() => app.close());

  it('are on the SPA, on an unknown API path and on a malformed request', async () => {
    for (const [what, request] of [
      ['the SPA', { method: 'GET', url: '/' }],
      ['a client route', { method: 'GET', url: '/story/abc' }],
      ['an unknown API path', { method: 'GET', url: '/api/nothing' }],
      ['a bad URL', { method: 'GET', url: '/api/%zz' }],
      [
        'a POST nobody serves',
        { method: 'POST', url: '/api/x', payload: '{', headers: { 'content-type': 'application/json' } },
      ],
    ] as const) {
      const answer = await app.inject(request);
      expectSecurityHeaders(answer.headers, what);
    }
  });

  it("allow the index page's own inline style by its hash, and no inline script", async () => {
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("img-src 'self' blob: data:");
  });

  it('send HSTS only when PUBLIC_URL is https', async () => {
    expect((await app.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const https = await buildHttpApp({
      webDist: dist,
      publicUrl: 'https://stories.example',
      logLevel: 'silent',
    });
    try {
      const answer = await https.inject({ url: '/' });
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(answer.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expectSecurityHeaders(answer.headers, 'https');
    } finally {
      await https.close();
    }
  });

  it('are on the split-mode gateway answers too, its own refusals and errors included', async () => {
    const gateway = await buildGateway({
      queryApiUrls: ['http://127.0.0.1:1'],
      commandApiUrls: ['http://127.0.0.1:1'],
      webDist: dist,
      publicUrl: 'https://stories.example',
      logLevel: 'silent',
    });
    try {
      for (const url of ['/', '/internal/premium/unlock', '/api/stories', '/%zz']) {
        const answer = await gateway.inject({ url });
        expectSecurityHeaders(answer.headers, `gateway ${url}`);
        expect(answer.headers['strict-transport-security'], url).toBeDefined();
      }
    } finally {
      await gateway.close();
    }
  });
});
