import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../split/gateway';
import { buildHttpApp } from './http-app';
import { defaultWebDist } from './start-system';
import { startTestSystem, type TestSystem } from './test-system';

/**
 * Web delivery, in both ways the SPA is served: the one-process server and split
 * mode's gateway. Compression is done once at build time and sent as is; file paths are files.
 */

const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;
type Encoding = keyof typeof decoders;

/** Content types that are text and must therefore go out compressed. */
const TEXT = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // A dot folder holds the build's notes for the server (.vite/route-preloads.json), never served.
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : builtFiles(path);
    // Source maps are served only when configured (web-app.test.ts covers both ways).
    return /\.(br|gz|map)$/.test(entry.name) ? [] : [`/${relative(defaultWebDist, path)}`];
  });
}

const servers: [string, () => Promise<FastifyInstance>][] = [
  ['the one-process server', () => buildHttpApp({ webDist: defaultWebDist, logLevel: 'silent' })],
  [
    "split mode's gateway",
    // Nothing listens upstream: these requests never leave the gateway.
    () =>
      buildGateway({
        queryApiUrls: ['http://127.0.0.1:9'],
        commandApiUrls: ['http://127.0.0.1:9'],
        webDist: defaultWebDist,
        logLevel: 'silent',
      }),
  ],
];

describe.each(servers)('the web app from %s', (_name, build) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('sends every text asset as its Brotli or gzip variant, which decodes to the original', async () => {
    const files = builtFiles(defaultWebDist);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    let text = 0;
    for (const file of files) {
      const original = readFileSync(join(defaultWebDist, file));
      const plain = await get(file, { 'accept-encoding': 'identity' });
      expect(plain.statusCode, file).toBe(200);
      expect(plain.headers['content-encoding'], file).toBeUndefined();
      expect(plain.rawPayload.equals(original), file).toBe(true);
      if (!TEXT.test(String(plain.headers['content-type']))) continue;
      text++;
      for (const encoding of ['br', 'gzip'] as Encoding[]) {
        const answer = await get(file, { 'accept-encoding': encoding });
        expect(answer.statusCode, `${file} ${encoding}`).toBe(200);
        expect(answer.headers['content-encoding'], `${file} ${encoding}`).toBe(encoding);
        expect(answer.headers.vary, file).toMatch(/accept-encoding/i);
        expect(answer.headers['content-type'], file).toBe(plain.headers['content-type']);
        expect(decoders[encoding](answer.rawPayload).equals(original), `${file} ${encoding}`).toBe(true);
      }
    }
    expect(text).toBeGreaterThan(10);
  });

  it('prefers Brotli when the client accepts both, and sends the variant ready-made', async () => {
    const answer = await get('/index.html', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.rawPayload.equals(readFileSync(join(defaultWebDist, 'index.html.br')))).toBe(true);
  });

  it('keeps hashed assets immutable and revalidates everything else', async () => {
    const script = builtFiles(defaultWebDist).find((f) => f.startsWith('/assets/') && f.endsWith('.js'));
    expect((await get(script!)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/robots.txt')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a file from memory: a 304 for its ETag, and HEAD with its headers and no body', async () => {
    const script = builtFiles(defaultWebDist).find((f) => f.startsWith('/assets/') && f.endsWith('.js'))!;
    const first = await get(script, { 'accept-encoding': 'br' });
    const again = await get(script, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await app.inject({ method: 'HEAD', url: script, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-type']).toBe(first.headers['content-type']);
    expect(head.rawPayload.length).toBe(0);
  });

  it('serves robots.txt that keeps crawlers out of the API and the admin panel', async () => {
    const answer = await get('/robots.txt');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const lines = answer.body.split('\n').map((line) => line.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    // The hidden panel's prefix only: no panel name is revealed.
    expect(lines).toContain('Disallow: /admin_');
  });

  it('serves a web app manifest with the product name, colours and icons that exist', async () => {
    const answer = await get('/manifest.webmanifest');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(answer.body) as {
      name: string;
      short_name: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest.short_name).toBe('Nocturne');
    expect(manifest.name).toMatch(/^Nocturne/);
    expect(manifest.start_url).toBe('/');
    expect(manifest.theme_color).toBe('#0c0a10');
    expect(manifest.background_color).toBe('#0c0a10');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const file = await get(icon.src);
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type'], icon.src).toMatch(/^image\//);
    }
  });

  it('serves the favicon and the touch icon as images', async () => {
    for (const path of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png']) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(200);
      expect(answer.headers['content-type'], path).toMatch(/^image\//);
    }
  });

  it('answers a missing file with a 404, never the SPA page', async () => {
    for (const path of [
      '/nothing.png',
      '/assets/missing-0000.js',
      '/deep/path/style.css',
      '/index.html.br',
    ]) {
      const answer = await get(path, { accept: 'text/html,*/*' });
      expect(answer.statusCode, path).toBe(404);
      expect(answer.headers['content-type'], path).not.toMatch(/html/);
      expect(answer.body, path).not.toMatch(/<html|<!doctype/i);
      expect(answer.json(), path).toEqual({ detail: `No such file: ${path}` });
    }
  });

  it("still answers every client route with the SPA page, naming a lazy page's files in its head", async () => {
    const index = readFileSync(join(defaultWebDist, 'index.html')).toString();
    const preloads =
      /<link rel="(?:modulepreload|preload)"[^>]*>|<script src="\/[a-z]+-start\.js" (?:defer|async)><\/script>/g;
    const firstRender = readFileSync(join(defaultWebDist, '.vite', 'landing-first-render.html')).toString();
    const firstSlide = readFileSync(join(defaultWebDist, '.vite', 'reader-first-slide.html')).toString();
    const firstScreen = readFileSync(join(defaultWebDist, '.vite', 'profile-first-screen.html')).toString();
    const landing = index.replace(
      '<div id="root"></div>',
      `<div id="root"><div class="first-render">${firstRender}</div></div>`,
    );
    // The reader's page names the app's script for later, and the loader that starts it.
    const forLater =
      /<meta name="nocturne-app" content="([^"]+)"><script src="(\/assets\/app-start-[\w-]+\.js)" defer><\/script>/;
    const inTheHead = (page: string) =>
      page.replace(forLater, (_, src: string) => `<script type="module" crossorigin src="${src}"></script>`);
    for (const path of [
      '/profile',
      '/policy',
      '/story/3f1c9a2e-0000-4000-8000-000000000000',
      '/creator/night-owl',
      '/admin_panel',
    ]) {
      const answer = await get(path, { 'accept-encoding': 'br' });
      expect(answer.statusCode, path).toBe(200);
      expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
      const page = brotliDecompressSync(answer.rawPayload)
        .toString()
        .replace(firstSlide, '')
        .replace(firstScreen, '');
      expect(inTheHead(page).replace(preloads, ''), path).toBe(index.replace(preloads, ''));
    }

    // The landing's page carries its first render; a lazy route's page names its chunk before it is asked for.
    expect(firstRender).toContain('class="hero__lead"');
    expect(brotliDecompressSync((await get('/', { 'accept-encoding': 'br' })).rawPayload).toString()).toBe(
      landing,
    );
    const policy = brotliDecompressSync((await get('/policy', { 'accept-encoding': 'br' })).rawPayload);
    expect(policy.toString()).toMatch(/<link rel="modulepreload" href="\/assets\/PolicyPage-[^"]+\.js"/);
    // The profile's page names, of the profile's own files, only its first screen's stylesheet:
    // the app asks for the rest once that screen is drawn.
    const profile = brotliDecompressSync((await get('/profile', { 'accept-encoding': 'br' })).rawPayload);
    expect(profile.toString()).not.toContain('rel="modulepreload"');
    const named = profile.toString().match(/<link rel="preload"[^>]*>/g) ?? [];
    for (const link of named) expect(link).toMatch(/^<link rel="preload" as="style" /);
    expect(named).toContainEqual(expect.stringMatching(/href="\/assets\/ProfilePage-[^"]+\.css"/));
    expect((await get('/.vite/route-preloads.json')).statusCode).toBe(404);
    expect((await get('/.vite/landing-first-render.html')).statusCode).toBe(404);
    expect((await get('/.vite/reader-first-slide.html')).statusCode).toBe(404);
    expect((await get('/.vite/profile-first-screen.html')).statusCode).toBe(404);
    // The reader's page starts a visitor's story with its early script, a file the build holds.
    const reader = await get('/story/3f1c9a2e-0000-4000-8000-000000000000', { 'accept-encoding': 'br' });
    const readerPage = brotliDecompressSync(reader.rawPayload).toString();
    expect(readerPage).toMatch(/<script src="\/story-start\.js" defer><\/script><meta name="nocturne-app"/);
    // and the app's script for later, started by a loader the build holds under its hash.
    const loader = forLater.exec(readerPage)?.[2];
    expect(loader).toBeDefined();
    expect((await get(loader!)).headers['content-type']).toMatch(/javascript/);
    expect((await get('/.vite/app-start.json')).statusCode).toBe(404);
    // Of the reader's own files it names only the stylesheet of its first slide: the app asks for
    // the rest once that slide is drawn.
    expect(readerPage).not.toContain('rel="modulepreload"');
    expect(readerPage.match(/<link rel="preload"[^>]*>/g)).toEqual([
      expect.stringMatching(
        /^<link rel="preload" as="style" crossorigin href="\/assets\/StoryPage-[^"]+\.css"/,
      ),
    ]);
    // and draws its first slide in a layer of its own after the app's root, hidden until filled.
    expect(firstSlide).toContain('class="reader__text-inner');
    expect(readerPage).toContain(`<div id="root"></div>${firstSlide}`);
    const early = await get('/story-start.js');
    expect(early.statusCode).toBe(200);
    expect(early.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(early.body).toContain('nocturneStoryStart');
    // The creator's page starts a visitor's creator and list the same way.
    const creator = await get('/creator/night-owl', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(creator.rawPayload).toString()).toMatch(
      /<script src="\/creator-start\.js" defer><\/script><script type="module"/,
    );
    const creatorStart = await get('/creator-start.js');
    expect(creatorStart.statusCode).toBe(200);
    expect(creatorStart.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(creatorStart.body).toContain('nocturneCreatorStart');
    // The profile starts a signed-in reader's Continue reading the same way, as soon as its
    // script has come, and draws its first screen in a layer of its own after the app's root.
    expect(profile.toString()).toMatch(
      /<script src="\/profile-start\.js" async><\/script><script type="module"/,
    );
    expect(firstScreen).toContain('class="story-card__image"');
    expect(profile.toString()).toContain(`<div id="root"></div>${firstScreen}`);
    const profileStart = await get('/profile-start.js');
    expect(profileStart.statusCode).toBe(200);
    expect(profileStart.body).toContain('nocturneShelfStart');
    // The studio draws its first screen from its page: the layer the build wrote, its early
    // script first in the head, the layer's stylesheets applied.
    const studio = brotliDecompressSync(
      (await get('/studio', { 'accept-encoding': 'br' })).rawPayload,
    ).toString();
    expect(studio).toMatch(/<head><script src="\/studio-start\.js"><\/script>/);
    expect(studio).toContain('<div id="root"></div><div id="studio-first-screen"');
    expect(studio).toMatch(/<link rel="stylesheet" href="\/assets\/StudioPage-[^"]+\.css">/);
    expect(studio).toContain('class="field__hint"');
    const studioStart = await get('/studio-start.js');
    expect(studioStart.statusCode).toBe(200);
    expect(studioStart.body).toContain('data-studio-first-screen');
    expect((await get('/.vite/studio-first-screen.html')).statusCode).toBe(404);
  });

  it("revalidates each client route's page with a 304 per encoding; the plain shell has one ETag", async () => {
    for (const encoding of ['identity', 'br', 'gzip']) {
      const etagOf = async (path: string) =>
        String((await get(path, { 'accept-encoding': encoding })).headers.etag);
      const landing = await etagOf('/');
      expect(landing, encoding).toMatch(/^"[\w-]+"$/);
      expect((await get('/', { 'accept-encoding': encoding })).headers.vary, encoding).toMatch(
        /accept-encoding/i,
      );
      for (const path of ['/', '/index.html', '/profile', '/admin_panel']) {
        const etag = await etagOf(path);
        const again = await get(path, { 'accept-encoding': encoding, 'if-none-match': etag });
        expect(again.statusCode, `${path} ${encoding}`).toBe(304);
        expect(again.rawPayload.length, `${path} ${encoding}`).toBe(0);
      }
      // The plain shell's routes share its ETag; the landing's page and a page that names its
      // files are other bytes.
      expect(await etagOf('/admin_panel'), encoding).toBe(await etagOf('/index.html'));
      expect(await etagOf('/admin_panel'), encoding).not.toBe(landing);
      expect(await etagOf('/profile'), encoding).not.toBe(landing);
      expect(
        (await get('/profile', { 'accept-encoding': encoding, 'if-none-match': landing })).statusCode,
      ).toBe(200);
      // Another encoding's bytes are another representation: its ETag does not match this one.
      const other = encoding === 'br' ? 'gzip' : 'br';
      expect((await get('/', { 'accept-encoding': other, 'if-none-match': landing })).statusCode).toBe(200);
    }
    // A new build is a new page: an ETag of other bytes is answered in full.
    const stale = await get('/profile', { 'accept-encoding': 'br', 'if-none-match': '"an-older-build"' });
    expect(stale.statusCode).toBe(200);
  });
});

describe('JSON answers', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem();
    for (let i = 0; i < 12; i++) {
      const event = storyPublished({ isPremium: i % 3 === 0 });
      await given(system.infra.store, streams.story(event.data.storyId), [event], 'no_stream');
    }
    await system.settle();
  });
  afterAll(async () => {
    await system?.stop();
  });

  const get = (url: string, headers: Record<string, string>) =>
    system.app.inject({ method: 'GET', url, headers });

  it('are compressed above 1 KB, in the encoding the client prefers, and decode to the same JSON', async () => {
    const plain = await get('/api/stories', {});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip'] as Encoding[]) {
      const answer = await get('/api/stories', { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoders[encoding](answer.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('are sent as they are below the threshold', async () => {
    const answer = await get('/api/stories/00000000-0000-4000-8000-000000000000', {
      'accept-encoding': 'br',
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toHaveProperty('detail');
  });

  it('are never compressed twice: an answer that is already encoded goes out as it is', async () => {
    const app = await buildHttpApp({ logLevel: 'silent' });
    const json = JSON.stringify({ stories: Array.from({ length: 200 }, (_, i) => ({ id: i })) });
    const encoded = gzipSync(json);
    app.get('/already-encoded', (_request, reply) =>
      reply.header('content-encoding', 'gzip').type('application/json').send(encoded),
    );
    const answer = await app.inject({
      method: 'GET',
      url: '/already-encoded',
      headers: { 'accept-encoding': 'br' },
    });
    await app.close();
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.rawPayload.equals(encoded)).toBe(true);
  });
});
