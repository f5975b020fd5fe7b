import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCommandApi } from '@nocturne/command-api/testing/test-command-api';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, resolveConfig } from '../config';
import { startServedCommandApi } from './served-command-api';

const dirs: string[] = [];
const apis: TestCommandApi[] = [];
afterEach(async () => {
  for (const api of apis.splice(0)) await api.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const firstStart = (env: NodeJS.ProcessEnv = {}) => {
  const DATA_DIR = mkdtempSync(join(tmpdir(), 'nocturne-invites-'));
  dirs.push(DATA_DIR);
  const raw = parseConfig({ DATA_DIR, ...env });
  return { DATA_DIR, resolved: resolveConfig(raw, 'postgres://x/y') };
};

describe('invite codes without INVITE_CODES', () => {
  it('are generated on the first start, kept in DATA_DIR, and no other code is accepted', async () => {
    // Given a first start without INVITE_CODES
    const { DATA_DIR, resolved } = firstStart();
    const codes = resolved.config.inviteCodes;
    expect(resolved.inviteCodesGenerated).toBe(true);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatch(/^[a-z2-7]{12}$/);
    expect(readFileSync(join(DATA_DIR, 'invite-codes'), 'utf8').trim()).toBe(codes[0]);
    // a second start (or another split-mode process) keeps them
    const again = resolveConfig(parseConfig({ DATA_DIR }), 'postgres://x/y');
    expect(again.config.inviteCodes).toEqual(codes);
    expect(again.inviteCodesGenerated).toBe(false);
    // and another first start gets codes of its own
    expect(firstStart().resolved.config.inviteCodes).not.toEqual(codes);

    // When the product checks codes with that configuration
    const api = await startServedCommandApi({ inviteCodes: codes });
    apis.push(api);
    const check = async (code: string) => {
      const response = await fetch(`${api.baseUrl}/api/invites/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      return ((await response.json()) as { valid: boolean }).valid;
    };
    // Then only the generated code opens, and the codes the documentation once printed do not
    expect(await check(codes[0]!)).toBe(true);
    expect(await check(codes[0]!.toUpperCase())).toBe(true);
    for (const old of ['velvetnight', 'VelvetNight', '202412']) expect(await check(old)).toBe(false);
  });

  it('are read from the kept file, one per line or comma, as the operator rotates them', () => {
    const { DATA_DIR } = firstStart();
    const file = join(DATA_DIR, 'invite-codes');
    writeFileSync(file, 'first-code\nsecond-code, third-code\n');
    expect(resolveConfig(parseConfig({ DATA_DIR }), 'postgres://x/y').config.inviteCodes).toEqual([
      'first-code',
      'second-code',
      'third-code',
    ]);
  });

  it('are taken from INVITE_CODES when set, and nothing is kept', () => {
    const { DATA_DIR, resolved } = firstStart({ INVITE_CODES: ' moonlit , 4242 ' });
    expect(resolved.config.inviteCodes).toEqual(['moonlit', '4242']);
    expect(() => readFileSync(join(DATA_DIR, 'invite-codes'))).toThrow();
  });

  it('must be set in production: the start refuses without them', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: 'production', INVITE_CODES: ' , ' })).toThrow(/INVITE_CODES/);
    expect(parseConfig({ NODE_ENV: 'production', INVITE_CODES: 'moonlit' }).INVITE_CODES).toEqual([
      'moonlit',
    ]);
  });
});
