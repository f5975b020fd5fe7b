import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { builtWebApp, sendSpaIndex, serveWebApp } from './web-app';

const SHELL =
  '<!doctype html><html><head><title>Nocturne</title></head><body><div id="root"></div></body></html>';

function builtApp(preloads: unknown[] | undefined, shell = SHELL, landingFirstRender?: string) {
  const dist = mkdtempSync(join(tmpdir(), 'nocturne-route-shells-'));
  writeFileSync(join(dist, 'index.html'), shell);
  mkdirSync(join(dist, '.vite'));
  if (preloads) writeFileSync(join(dist, '.vite', 'route-preloads.json'), JSON.stringify(preloads));
  if (landingFirstRender) writeFileSync(join(dist, '.vite', 'landing-first-render.html'), landingFirstRender);
  return { dist, web: builtWebApp(dist)! };
}

const story = {
  path: '/story/:id',
  scripts: ['/assets/StoryPage-a1.js', '/assets/Dialog-b2.js'],
  styles: ['/assets/StoryPage-c3.css'],
};
const profile = { path: '/profile', scripts: ['/assets/ProfilePage-d4.js'], styles: [] };
const creator = { path: '/creator/:handle', scripts: ['/assets/CreatorPage-g7.js'], styles: [] };
const staff = { path: '/:section', scripts: ['/assets/AdminRoute-e5.js'], styles: [] };
const storyLinks =
  '<link rel="modulepreload" href="/assets/StoryPage-a1.js" fetchpriority="low">' +
  '<link rel="modulepreload" href="/assets/Dialog-b2.js" fetchpriority="low">' +
  '<link rel="preload" as="style" crossorigin href="/assets/StoryPage-c3.css" fetchpriority="low">';
const storyStart = '<script src="/story-start.js" defer></script>';

describe('the shell of a client route', () => {
  const { dist, web } = builtApp([profile, story, creator, staff]);
  const built = [dist];
  afterAll(() => {
    for (const folder of built) rmSync(folder, { recursive: true, force: true });
  });
  const html = (path: string) => web.shellFor(path).body.identity.bytes.toString();

  it("names its page's scripts and stylesheets in the head", () => {
    expect(html('/story/9baa4ec0')).toContain(storyLinks);
    expect(html('/profile')).toContain(
      '<link rel="modulepreload" href="/assets/ProfilePage-d4.js" fetchpriority="low"><script src="/profile-start.js" async></script></head>',
    );
  });

  it("starts the reader's story early, before the first-load script, on the reader's page only", () => {
    expect(html('/story/9baa4ec0')).toContain(`${storyLinks}${storyStart}</head>`);
    expect(html('/profile')).not.toContain('story-start');
    expect(html('/')).not.toContain('story-start');
    const withEntry = builtApp(
      [story],
      SHELL.replace('</head>', '<script type="module" src="/assets/index-f6.js"></script></head>'),
    );
    built.push(withEntry.dist);
    expect(withEntry.web.shellFor('/story/1').body.identity.bytes.toString()).toContain(
      `<title>Nocturne</title>${storyStart}<script type="module" src="/assets/index-f6.js"></script>${storyLinks}</head>`,
    );
  });

  it("starts the creator page's creator and list early, on the creator's page only", () => {
    expect(html('/creator/night-owl')).toContain(
      '<link rel="modulepreload" href="/assets/CreatorPage-g7.js" fetchpriority="low"><script src="/creator-start.js" defer></script></head>',
    );
    expect(html('/creator/night-owl')).not.toContain('story-start');
    expect(html('/story/9baa4ec0')).not.toContain('creator-start');
    expect(html('/profile')).not.toContain('creator-start');
    expect(html('/')).not.toContain('creator-start');
  });

  it("starts the signed-in reader's Continue reading shelf early, as soon as its script has come, on the profile only", () => {
    expect(html('/profile')).toContain('<script src="/profile-start.js" async></script>');
    for (const path of ['/', '/story/9baa4ec0', '/creator/night-owl'])
      expect(html(path), path).not.toContain('profile-start');
  });

  it('matches as the router does: a parameter is one segment, case and a trailing slash aside', () => {
    expect(html('/Story/9baa4ec0/')).toContain(storyLinks);
    expect(html('/PROFILE')).toContain('ProfilePage-d4.js');
    expect(html('/story')).toBe(SHELL);
    expect(html('/story/9baa4ec0/more')).toBe(SHELL);
  });

  it('is the plain shell for a route of parameters only (the staff panel) and for no route', () => {
    expect(html('/admin_users')).toBe(SHELL);
    expect(html('/no/such/page')).toBe(SHELL);
    expect(web.shellFor('/admin_users')).toBe(web.shell);
  });

  it('is compressed once, each encoding the same page, with an ETag of its own', () => {
    const shell = web.shellFor('/story/1');
    expect(brotliDecompressSync(shell.body.br!.bytes).toString()).toBe(html('/story/1'));
    expect(gunzipSync(shell.body.gzip!.bytes).toString()).toBe(html('/story/1'));
    expect(shell.body.identity.etag).not.toBe(web.shell.body.identity.etag);
  });

  it('is what the server answers for the route; the landing keeps the plain shell', async () => {
    const app = Fastify();
    serveWebApp(app, web);
    app.setNotFoundHandler((request, reply) => sendSpaIndex(request.url, web, request, reply));
    await app.ready();
    const page = await app.inject({ url: '/story/9baa4ec0', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain(storyLinks);
    expect((await app.inject('/')).body).toBe(SHELL);
    await app.close();
  });

  it('is the plain shell everywhere for a build without the file', () => {
    const older = builtApp(undefined);
    built.push(older.dist);
    expect(older.web.shellFor('/story/1')).toBe(older.web.shell);
  });
});

describe("the landing's shell", () => {
  const firstRender = '<div class="page landing"><p class="hero__lead">Slow-burn romance</p></div>';
  const { dist, web } = builtApp([profile, story], SHELL, firstRender);
  const older = builtApp([profile, story]);
  afterAll(() => {
    for (const folder of [dist, older.dist]) rmSync(folder, { recursive: true, force: true });
  });
  const html = (path: string) => web.shellFor(path).body.identity.bytes.toString();
  const landing = `<div id="root"><div class="first-render">${firstRender}</div></div>`;

  it("carries the landing's first render in its root, in the box the app replaces", () => {
    expect(html('/')).toBe(SHELL.replace('<div id="root"></div>', landing));
    expect(brotliDecompressSync(web.shellFor('/').body.br!.bytes).toString()).toBe(html('/'));
    expect(web.shellFor('/').body.identity.etag).not.toBe(web.shell.body.identity.etag);
  });

  it("is the only one: every other route's shell has an empty root", () => {
    for (const path of ['/profile', '/story/1', '/admin_users', '/no/such/page'])
      expect(html(path)).not.toContain('first-render');
    expect(web.shell.body.identity.bytes.toString()).toBe(SHELL);
  });

  it('is what the server answers at /, and the plain shell for a build without the file', async () => {
    const app = Fastify();
    serveWebApp(app, web);
    await app.ready();
    expect((await app.inject('/')).body).toContain(landing);
    expect((await app.inject('/index.html')).body).toBe(SHELL);
    await app.close();
    expect(older.web.shellFor('/')).toBe(older.web.shell);
  });
});

describe("the reader's shell", () => {
  const layer = '<div id="reader-first-slide" class="reader" hidden="" aria-hidden="true" inert=""></div>';
  const { dist, web } = builtApp([profile, story]);
  writeFileSync(join(dist, '.vite', 'reader-first-slide.html'), layer);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'StoryPage-c3.css'), '.reader{position:fixed}');
  const withLayer = builtWebApp(dist)!;
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const html = (path: string) => withLayer.shellFor(path).body.identity.bytes.toString();

  it("carries the first slide's empty layer after the app's root, outside what the app draws", () => {
    expect(html('/story/9baa4ec0')).toContain(`<div id="root"></div>${layer}`);
    expect(brotliDecompressSync(withLayer.shellFor('/story/1').body.br!.bytes).toString()).toBe(
      html('/story/1'),
    );
  });

  it("names, of the reader's files, only the stylesheet that styles its layer, for later: the app asks for the rest once the layer is drawn", () => {
    expect(html('/story/9baa4ec0')).toContain(
      `<title>Nocturne</title><link rel="preload" as="style" crossorigin href="/assets/StoryPage-c3.css" fetchpriority="low">${storyStart}</head>`,
    );
    expect(html('/story/9baa4ec0')).not.toContain('modulepreload');
    // Without the layer, the page names them all as before.
    expect(web.shellFor('/story/1').body.identity.bytes.toString()).toContain(storyLinks);
  });

  it("is the reader's only: no other page carries it, and a build without the file has none", () => {
    for (const path of ['/', '/profile', '/no/such/page'])
      expect(html(path)).not.toContain('reader-first-slide');
    expect(web.shellFor('/story/1').body.identity.bytes.toString()).not.toContain('reader-first-slide');
  });
});

describe("the studio's shell", () => {
  const layer =
    '<div id="studio-first-screen" class="studio-first-screen" hidden=""><form class="surface pen-name-form"></form></div>';
  const studio = {
    path: '/studio',
    scripts: ['/assets/StudioPage-h8.js', '/assets/Dialog-b2.js'],
    styles: ['/assets/StudioPage-i9.css', '/assets/Surface-j1.css', '/assets/Dialog-k2.css'],
  };
  const shell = SHELL.replace('</head>', '<script type="module" src="/assets/index-f6.js"></script></head>');
  const { dist } = builtApp([profile, story, studio], shell);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'StudioPage-i9.css'), '.studio{display:grid}.pen-name-form{gap:1rem}');
  writeFileSync(join(dist, 'assets', 'Surface-j1.css'), '.surface{border-radius:8px}');
  writeFileSync(join(dist, 'assets', 'Dialog-k2.css'), '.dialog{inset:0}.dialog .surface-x{margin:0}');
  writeFileSync(join(dist, '.vite', 'studio-first-screen.html'), layer);
  const withLayer = builtWebApp(dist)!;
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const html = (path: string) => withLayer.shellFor(path).body.identity.bytes.toString();

  it('is decided by its first paint: its early script first in the head, the stylesheets that style its layer applied', () => {
    expect(html('/studio')).toBe(
      shell
        .replace('<head>', '<head><script src="/studio-start.js"></script>')

        .replace(
          '</head>',
          '<link rel="stylesheet" href="/assets/StudioPage-i9.css"><link rel="stylesheet" href="/assets/Surface-j1.css"></head>',
        )
        .replace('<div id="root"></div>', `<div id="root"></div>${layer}`),
    );
    // Nothing else of the page is named early: the app asks for it as it draws the studio.
    expect(html('/studio')).not.toContain('Dialog');
    expect(html('/studio/')).toBe(html('/studio'));
  });

  it("is the studio's only: no other page carries its layer or its script, and a build without the layer names the studio's files as before", () => {
    for (const path of ['/', '/profile', '/story/1', '/no/such/page']) {
      expect(html(path), path).not.toContain('studio-first-screen');
      expect(html(path), path).not.toContain('studio-start');
    }
    expect(html('/story/1')).toContain(`${storyStart}<script type="module"`);
    const older = builtApp([studio], shell);
    const before = older.web.shellFor('/studio').body.identity.bytes.toString();
    rmSync(older.dist, { recursive: true, force: true });
    expect(before).toContain(
      '<link rel="modulepreload" href="/assets/StudioPage-h8.js" fetchpriority="low">',
    );
    expect(before).toContain('<script src="/studio-start.js" defer></script><script type="module"');
    expect(before).not.toContain('rel="stylesheet"');
  });
});

describe("the profile's shell", () => {
  const layer =
    '<div id="profile-first-screen" class="profile-first-screen" hidden="" aria-hidden="true" inert=""></div>';
  const styled = {
    ...profile,
    scripts: ['/assets/ProfilePage-d4.js', '/assets/Dialog-b2.js'],
    styles: ['/assets/ProfilePage-k2.css', '/assets/Dialog-m3.css'],
  };
  const { dist, web } = builtApp([styled, story]);
  writeFileSync(join(dist, '.vite', 'profile-first-screen.html'), layer);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'ProfilePage-k2.css'), '.profile-first-screen{position:absolute}');
  writeFileSync(join(dist, 'assets', 'Dialog-m3.css'), '.dialog{position:fixed}');
  const withLayer = builtWebApp(dist)!;
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const html = (path: string) => withLayer.shellFor(path).body.identity.bytes.toString();

  it("carries the first screen's empty layer after the app's root, outside what the app draws", () => {
    expect(html('/profile')).toContain(`<div id="root"></div>${layer}`);
    expect(html('/Profile/')).toContain(`<div id="root"></div>${layer}`);
  });

  it("names, of the profile's files, only the stylesheet that styles its first screen, for later: the app asks for the rest once that screen is drawn", () => {
    expect(html('/profile')).toContain(
      '<title>Nocturne</title><link rel="preload" as="style" crossorigin href="/assets/ProfilePage-k2.css" fetchpriority="low"><script src="/profile-start.js" async></script></head>',
    );
    expect(html('/profile')).not.toContain('modulepreload');
    expect(html('/profile')).not.toContain('Dialog-m3.css');
    // Without the layer, the page names them all as before.
    expect(web.shellFor('/profile').body.identity.bytes.toString()).toContain(
      '<link rel="modulepreload" href="/assets/Dialog-b2.js" fetchpriority="low">',
    );
  });

  it("is the profile's only: no other page carries it, and a build without the file has none", () => {
    for (const path of ['/', '/story/1', '/no/such/page'])
      expect(html(path)).not.toContain('profile-first-screen');
    expect(web.shellFor('/profile').body.identity.bytes.toString()).not.toContain('profile-first-screen');
  });
});

describe("the app's script on a page with an early layer", () => {
  const entry = '<script type="module" crossorigin src="/assets/index-f6.js"></script>';
  const later =
    '<meta name="nocturne-app" content="/assets/index-f6.js"><script src="/assets/app-start-k3.js" defer></script>';
  const shell = SHELL.replace('</head>', `${entry}</head>`);
  const { dist, web } = builtApp([profile, story, creator], shell);
  writeFileSync(
    join(dist, '.vite', 'reader-first-slide.html'),
    '<div id="reader-first-slide" hidden=""></div>',
  );
  writeFileSync(
    join(dist, '.vite', 'profile-first-screen.html'),
    '<div id="profile-first-screen" hidden=""></div>',
  );
  const withoutLoader = builtWebApp(dist)!;
  writeFileSync(join(dist, '.vite', 'app-start.json'), JSON.stringify({ src: '/assets/app-start-k3.js' }));
  const withLayers = builtWebApp(dist)!;
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const html = (path: string) => withLayers.shellFor(path).body.identity.bytes.toString();

  it("is named for later on the reader's page, its loader after the early script: started once the first slide is painted (the creator's drawn page: its own test)", () => {
    expect(html('/story/9baa4ec0')).toContain(`${storyStart}${later}`);
    expect(html('/story/9baa4ec0')).not.toContain('<script type="module"');
  });

  it("is in the head of every other page, the profile's with its layer included, and of the reader's in a build without its layer or without the loader", () => {
    for (const path of ['/', '/profile', '/creator/someone', '/no/such/page']) {
      expect(html(path), path).toContain(entry);
      expect(html(path), path).not.toContain('nocturne-app');
    }
    expect(html('/profile')).toContain('profile-first-screen');
    for (const build of [web, withoutLoader]) {
      expect(build.shellFor('/story/1').body.identity.bytes.toString()).toContain(entry);
      expect(build.shellFor('/story/1').body.identity.bytes.toString()).not.toContain('nocturne-app');
    }
  });
});
