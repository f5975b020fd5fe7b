import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtWebApp } from './web-app';

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
