import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { builtWebApp, sendSpaIndex, serveWebApp } from './web-app';

const dist = mkdtempSync(join(tmpdir(), 'nocturne-web-app-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), text);
}

describe('builtWebApp', () => {
  it('is nothing before the web app is built', () => {
    expect(builtWebApp(undefined)).toBeUndefined();
    expect(builtWebApp(join(dist, 'not-built'))).toBeUndefined();
  });

  it('reads every file of the build once, its variants beside it, and never a dotfile', () => {
    write('index.html', '<!doctype html><div id="root"></div>');
    write('index.html.br', 'brotli bytes');
    write('assets/app-1a2b.js', 'console.log(1)');
    write('robots.txt', 'User-agent: *\n');
    write('.env', 'SECRET=1');
    write('.vite/manifest.json', '{}');

    const web = builtWebApp(dist)!;
    expect(web.files.map((file) => file.path).sort()).toEqual([
      '/assets/app-1a2b.js',
      '/index.html',
      '/robots.txt',
    ]);
    expect(web.shell.path).toBe('/index.html');
    expect(web.shell.contentType).toBe('text/html; charset=utf-8');
    expect(web.shell.body.br?.bytes.toString()).toBe('brotli bytes');
    expect(web.shell.body.gzip).toBeUndefined();
    const script = web.files.find((file) => file.path.endsWith('.js'))!;
    expect(script.immutable).toBe(true);
    expect(script.contentType).toBe('application/javascript; charset=utf-8');
    expect(web.files.find((file) => file.path === '/robots.txt')!.immutable).toBe(false);
  });
});

describe('source maps', () => {
  const maps = mkdtempSync(join(tmpdir(), 'nocturne-web-maps-'));
  afterAll(() => rmSync(maps, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    mkdirSync(join(maps, path, '..'), { recursive: true });
    writeFileSync(join(maps, path), text);
  };
  put('index.html', '<!doctype html><div id="root"></div>');
  put('assets/app-1a2b.js', 'console.log(1)');
  put('assets/app-1a2b.js.map', '{"version":3,"sources":["../src/secret-comment.ts"]}');
  put('assets/app-1a2b.js.map.br', 'brotli bytes');

  async function serve(options: { sourceMaps?: boolean }) {
    const app = Fastify();
    const web = builtWebApp(maps, options)!;
    serveWebApp(app, web);
    app.setNotFoundHandler((request, reply) => sendSpaIndex(request.url, web, request, reply));
    await app.ready();
    return app;
  }

  it('are not served unless configured (was: published by every production build)', async () => {
    const app = await serve({});
    const map = await app.inject('/assets/app-1a2b.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.json()).toEqual({ detail: 'No such file: /assets/app-1a2b.js.map' });
    const script = await app.inject('/assets/app-1a2b.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers.sourcemap).toBeUndefined();
    await app.close();
  });

  it('are served when SOURCE_MAPS asks, each script naming its map', async () => {
    const app = await serve({ sourceMaps: true });
    const map = await app.inject('/assets/app-1a2b.js.map');
    expect(map.statusCode).toBe(200);
    expect(map.json()).toMatchObject({ version: 3 });
    const script = await app.inject('/assets/app-1a2b.js');
    expect(script.headers.sourcemap).toBe('/assets/app-1a2b.js.map');
    await app.close();
  });

  it('the configuration has them off unless SOURCE_MAPS is on', () => {
    expect(parseConfig({}).SOURCE_MAPS).toBe(false);
    expect(parseConfig({ SOURCE_MAPS: 'on' }).SOURCE_MAPS).toBe(true);
  });
});

describe('the service worker', () => {
  const built = mkdtempSync(join(tmpdir(), 'nocturne-web-sw-'));
  afterAll(() => rmSync(built, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    mkdirSync(join(built, path, '..'), { recursive: true });
    writeFileSync(join(built, path), text);
  };
  put('index.html', '<!doctype html><div id="root"></div>');
  put('sw.js', 'self.addEventListener("fetch", () => {})');
  put('offline.html', '<!doctype html><h1>You are offline</h1>');
  put('assets/app-1a2b.js', 'console.log(1)');

  it('is revalidated on every check (never cached for a year), as a script at the root, so its scope is the whole app', async () => {
    const app = Fastify();
    serveWebApp(app, builtWebApp(built)!);
    await app.ready();
    const worker = await app.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toBe('application/javascript; charset=utf-8');
    // The offline page the worker precaches is revalidated too; hashed assets stay immutable.
    expect((await app.inject('/offline.html')).headers['cache-control']).toBe('no-cache');
    expect((await app.inject('/assets/app-1a2b.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    await app.close();
  });
});
