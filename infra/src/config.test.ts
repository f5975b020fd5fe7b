import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, resolveConfig } from './config';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'nocturne-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('INTERNAL_TOKEN (issue 12 item 10)', () => {
  it('is generated once, kept in DATA_DIR, and is not APP_SECRET', () => {
    const DATA_DIR = dataDir();
    const first = resolveConfig(parseConfig({ DATA_DIR }), 'postgres://x/y').config;
    expect(first.internalToken).toMatch(/^[0-9a-f]{64}$/);
    expect(first.internalToken).not.toBe(first.secret);
    expect(readFileSync(join(DATA_DIR, 'internal-token'), 'utf8').trim()).toBe(first.internalToken);
    // A second process (split mode) reads the same token.
    expect(resolveConfig(parseConfig({ DATA_DIR }), 'postgres://x/y').config.internalToken).toBe(
      first.internalToken,
    );
  });

  it('is taken from the environment when given, and must be long enough', () => {
    const INTERNAL_TOKEN = 't'.repeat(40);
    const config = resolveConfig(
      parseConfig({ DATA_DIR: dataDir(), INTERNAL_TOKEN }),
      'postgres://x/y',
    ).config;
    expect(config.internalToken).toBe(INTERNAL_TOKEN);
    expect(() => parseConfig({ INTERNAL_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => parseConfig({ INTERNAL_TOKEN: 'short' })).toThrow(/INTERNAL_TOKEN/);
  });
});
