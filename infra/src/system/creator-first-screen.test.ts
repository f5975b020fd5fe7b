import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { VisitorGet } from './creator-first-screen';
import { builtWebApp, sendSpaIndex } from './web-app';

const SHELL =
  '<!doctype html><html><head><title>Nocturne</title><script type="module" src="/assets/index-f6.js"></script></head><body><div id="root"></div></body></html>';
const creatorRoute = {
  path: '/creator/:handle',
  scripts: ['/assets/CreatorPage-g7.js'],
  styles: ['/assets/CreatorPage-h8.css', '/assets/Surface-j1.css'],
};
/** Stands for the build's renderer (web/src/creators/creator-first-screen-render.tsx). */
const RENDERER = `exports.creatorFirstScreenRender = (creator, stories) =>
  '<div id="creator-first-screen"><h1>' + creator.penName + '</h1>' +
  stories.slice(0, 1).map((story) => '<img src="/api/images/' + story.images[0] + '">').join('') + '</div>';`;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function builtApp(get: VisitorGet, renderer: string | null = RENDERER) {
  const dist = mkdtempSync(join(tmpdir(), 'nocturne-creator-first-screen-'));
  folders.push(dist);
  writeFileSync(join(dist, 'index.html'), SHELL);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'route-preloads.json'), JSON.stringify([creatorRoute]));
  if (renderer) writeFileSync(join(dist, '.vite', 'creator-first-screen.cjs'), renderer);
  writeFileSync(join(dist, '.vite', 'app-start.json'), JSON.stringify({ src: '/assets/app-start-k3.js' }));
  return builtWebApp(dist, { visitorGet: get })!;
}

const answers =
  (
    creator: { status: number; body: unknown },
    asked: { url: string; headers: Record<string, string> }[] = [],
  ) =>
  async (url: string, headers: Record<string, string>) => {
    asked.push({ url, headers });
    if (url.startsWith('/api/creators/'))
      return { status: creator.status, body: JSON.stringify(creator.body) };
    return { status: 200, body: JSON.stringify([{ images: ['first-ref'] }, { images: ['second-ref'] }]) };
  };
const ana = { status: 200, body: { penName: 'Ana Vale', handle: 'ana-vale' } };
const text = (page: { body: { identity: { bytes: Buffer } } } | undefined) =>
  page?.body.identity.bytes.toString();

describe("the creator page's first screen drawn by the server", () => {
  it("writes the visitor's header and first card after the app's root, its stylesheets applied, none of its scripts named, the app's for its loader to start", async () => {
    const web = builtApp(answers(ana));
    const page = await web.drawnPageFor!('/creator/ana-vale', {});
    expect(text(page)).toBe(
      SHELL.replace(
        '<script type="module" src="/assets/index-f6.js"></script>',
        '<script src="/creator-start.js" defer></script><meta name="nocturne-app" content="/assets/index-f6.js"><script src="/assets/app-start-k3.js" defer></script>',
      )
        .replace(
          '</head>',
          '<link rel="stylesheet" href="/assets/CreatorPage-h8.css"><link rel="stylesheet" href="/assets/Surface-j1.css"></head>',
        )
        .replace(
          '<div id="root"></div>',
          '<div id="root"></div><div id="creator-first-screen"><h1>Ana Vale</h1><img src="/api/images/first-ref"></div>',
        ),
    );
    expect(brotliDecompressSync(page!.body.br!.bytes).toString()).toBe(text(page));
  });

  it("asks the query API what the page asks, as a visitor of the request's region: no session, no age token", async () => {
    const asked: { url: string; headers: Record<string, string> }[] = [];
    const web = builtApp(answers(ana, asked));
    await web.drawnPageFor!('/creator/Ana%20Vale/', {
      authorization: 'Bearer a-session',
      'x-age-assurance': 'a-token',
      'cf-ipcountry': 'GB',
    });
    expect(asked).toEqual([
      { url: '/api/creators/Ana%20Vale', headers: { 'cf-ipcountry': 'GB' } },
      { url: '/api/stories?limit=6&creator=Ana+Vale', headers: { 'cf-ipcountry': 'GB' } },
    ]);
  });

  it('draws a page once per change of its answers, and again when they change', async () => {
    let penName = 'Ana Vale';
    const web = builtApp(async (url) =>
      url.startsWith('/api/creators/')
        ? { status: 200, body: JSON.stringify({ penName }) }
        : { status: 200, body: '[]' },
    );
    const first = await web.drawnPageFor!('/creator/ana-vale', {});
    expect(await web.drawnPageFor!('/creator/ana-vale', {})).toBe(first);
    penName = 'Ana Vale-Hart';
    expect(text(await web.drawnPageFor!('/creator/ana-vale', {}))).toContain('<h1>Ana Vale-Hart</h1>');
  });

  it("draws nothing for a creator the API does not know, a failed or late answer: the route's shell is sent", async () => {
    const unknown = builtApp(answers({ status: 404, body: { detail: 'Creator not found' } }));
    expect(await unknown.drawnPageFor!('/creator/nobody', {})).toBeUndefined();
    const failing = builtApp(async () => {
      throw new Error('query-api is not answering');
    });
    expect(await failing.drawnPageFor!('/creator/ana-vale', {})).toBeUndefined();
    const late = builtApp(() => new Promise(() => {}));
    const started = Date.now();
    expect(await late.drawnPageFor!('/creator/ana-vale', {})).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);

    const app = Fastify();
    app.setNotFoundHandler((request, reply) => sendSpaIndex(request.url, unknown, request, reply));
    const answer = await app.inject({ method: 'GET', url: '/creator/nobody' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(text(unknown.shellFor('/creator/nobody')));
    expect(answer.body).not.toContain('creator-first-screen');
    await app.close();
  });

  it("is the creator page's only, and needs the build's renderer", async () => {
    const web = builtApp(answers(ana));
    for (const path of ['/', '/creator', '/creator/a/b', '/story/1'])
      expect(web.drawnPageFor!(path, {})).toBeUndefined();
    expect(builtApp(answers(ana), null).drawnPageFor).toBeUndefined();
  });
});
