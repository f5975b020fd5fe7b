import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  fastifyTrustProxy,
  parseConfig,
  resolveConfig,
  splitServiceConfig,
  wantsLocalYoti,
} from './config';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'nocturne-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('INTERNAL_TOKEN', () => {
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

describe('TRUST_PROXY', () => {
  const trust = (value: string | undefined) => parseConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('trusts nobody by default', () => {
    expect(trust(undefined)).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('none')).toBe(false);
  });

  it('takes a hop count, or addresses and CIDR ranges', () => {
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['yes-please', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2', 'example.com']) {
      expect(() => trust(bad)).toThrow(ConfigError);
      expect(() => trust(bad)).toThrow(/TRUST_PROXY/);
    }
  });

  it('a hop count trusts that many proxies in front of the server', () => {
    const fn = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => fn('10.0.0.1', hop))).toEqual([true, true, false]);
  });
});

describe('AGE_ASSURANCE', () => {
  const policyOf = (env: NodeJS.ProcessEnv) =>
    resolveConfig(parseConfig({ DATA_DIR: dataDir(), ...env }), 'postgres://x/y').config.ageAssurance;

  it('requires assurance everywhere by default, for 365 days', () => {
    expect(policyOf({})).toEqual({ mode: 'required', regions: [], validityDays: 365 });
  });

  it('by-region takes the regions, upper-cased, and refuses to run without them', () => {
    expect(
      policyOf({
        AGE_ASSURANCE: 'by-region',
        AGE_ASSURANCE_REGIONS: 'gb, FR,',
        AGE_ASSURANCE_VALIDITY_DAYS: '180',
      }),
    ).toEqual({ mode: 'by-region', regions: ['GB', 'FR'], validityDays: 180 });
    expect(() => parseConfig({ AGE_ASSURANCE: 'by-region' })).toThrow(/AGE_ASSURANCE_REGIONS/);
  });

  it('refuses an unknown mode, a region that is not a country code and a validity out of range', () => {
    expect(() => parseConfig({ AGE_ASSURANCE: 'sometimes' })).toThrow(/AGE_ASSURANCE/);
    expect(() => parseConfig({ AGE_ASSURANCE_REGIONS: 'GBR' })).toThrow(/AGE_ASSURANCE_REGIONS/);
    expect(() => parseConfig({ AGE_ASSURANCE_VALIDITY_DAYS: '0' })).toThrow(/AGE_ASSURANCE_VALIDITY_DAYS/);
  });
});

describe('AGE_HOSTED and YOTI_* (the hosted method)', () => {
  const hostedOf = (env: NodeJS.ProcessEnv) =>
    resolveConfig(parseConfig({ DATA_DIR: dataDir(), ...env }), 'postgres://x/y').config.ageHosted;
  const publicKeyFile = () => {
    const file = join(dataDir(), 'yoti.pem');
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(file, publicKey.export({ type: 'spki', format: 'pem' }));
    return file;
  };

  it('is off unless asked for, and local (the stand-in) is left to the launcher', () => {
    expect(hostedOf({})).toBeNull();
    const raw = parseConfig({ AGE_HOSTED: 'local' });
    expect(wantsLocalYoti(raw)).toBe(true);
    expect(hostedOf({ AGE_HOSTED: 'local' })).toBeNull();
    expect(wantsLocalYoti(parseConfig({}))).toBe(false);
  });

  it("takes Yoti's settings, at age.yoti.com with a 25 estimation threshold unless told otherwise", () => {
    const YOTI_NOTIFICATION_PUBLIC_KEY = publicKeyFile();
    const settings = hostedOf({
      YOTI_SDK_ID: 'sdk-id',
      YOTI_API_KEY: 'api-key',
      YOTI_NOTIFICATION_PUBLIC_KEY,
    });
    expect(settings).toEqual({
      provider: 'yoti',
      apiUrl: 'https://age.yoti.com',
      sdkId: 'sdk-id',
      apiKey: 'api-key',
      notificationPublicKey: readFileSync(YOTI_NOTIFICATION_PUBLIC_KEY, 'utf8'),
      estimationThreshold: 25,
    });
    expect(
      hostedOf({
        AGE_HOSTED: 'yoti',
        YOTI_SDK_ID: 'sdk-id',
        YOTI_API_KEY: 'api-key',
        YOTI_NOTIFICATION_PUBLIC_KEY,
        YOTI_ESTIMATION_THRESHOLD: '30',
      })?.estimationThreshold,
    ).toBe(30);
    expect(hostedOf({ AGE_HOSTED: 'off', YOTI_SDK_ID: 'sdk-id' })).toBeNull();
  });

  it('refuses to start without the keys, with a key file that is not a public key, or the stand-in in production', () => {
    expect(() => parseConfig({ AGE_HOSTED: 'yoti' })).toThrow(
      /YOTI_SDK_ID[\s\S]*YOTI_API_KEY[\s\S]*YOTI_NOTIFICATION_PUBLIC_KEY/,
    );
    expect(() => parseConfig({ YOTI_SDK_ID: 'sdk-id' })).toThrow(/YOTI_API_KEY/);
    const notAKey = join(dataDir(), 'not-a-key.pem');
    writeFileSync(notAKey, 'hello');
    expect(() =>
      hostedOf({ YOTI_SDK_ID: 'sdk-id', YOTI_API_KEY: 'api-key', YOTI_NOTIFICATION_PUBLIC_KEY: notAKey }),
    ).toThrow(/YOTI_NOTIFICATION_PUBLIC_KEY: .* is not a readable PEM public key/);
    expect(() =>
      parseConfig({ AGE_HOSTED: 'local', NODE_ENV: 'production', INVITE_CODES: 'a-code' }),
    ).toThrow(/AGE_HOSTED: local is the Yoti stand-in/);
    expect(() => parseConfig({ YOTI_ESTIMATION_THRESHOLD: '16' })).toThrow(/YOTI_ESTIMATION_THRESHOLD/);
  });
});

describe('SPLIT_* (split mode, one service per process)', () => {
  const split = {
    SPLIT_SERVICE_PORT: '4001',
    SPLIT_COMMAND_API_URL: 'http://command-api:4001',
    SPLIT_QUERY_API_URL: 'http://query-api:4002',
  };

  it('are read by the schema, every host defaulting to loopback (the gateway: HOST, itself loopback by default)', () => {
    expect(splitServiceConfig(parseConfig(split))).toEqual({
      port: 4001,
      commandApiUrls: ['http://command-api:4001'],
      queryApiUrls: ['http://query-api:4002'],
      projectorUrls: [],
      listenHost: '127.0.0.1',
      gatewayHost: '127.0.0.1',
    });
    expect(splitServiceConfig(parseConfig({ ...split, HOST: '0.0.0.0' })).gatewayHost).toBe('0.0.0.0');
    expect(
      splitServiceConfig(parseConfig({ ...split, HOST: '0.0.0.0', SPLIT_GATEWAY_HOST: '10.0.0.5' }))
        .gatewayHost,
    ).toBe('10.0.0.5');
    expect(splitServiceConfig(parseConfig({ ...split, SPLIT_LISTEN_HOST: '0.0.0.0' })).listenHost).toBe(
      '0.0.0.0',
    );
  });

  it('refuses a bad value at parse time, naming the variable', () => {
    expect(() => parseConfig({ SPLIT_SERVICE_PORT: 'http' })).toThrow(
      /SPLIT_SERVICE_PORT: must be a port number/,
    );
    expect(() => parseConfig({ SPLIT_COMMAND_API_URL: 'command-api' })).toThrow(/SPLIT_COMMAND_API_URL/);
    expect(() => parseConfig({ SPLIT_QUERY_API_URL: 'http://query-api:4002,query-api-2' })).toThrow(
      /SPLIT_QUERY_API_URL/,
    );
    for (const name of ['SPLIT_COMMAND_PROCESSES', 'SPLIT_QUERY_PROCESSES', 'SPLIT_PROJECTOR_PROCESSES'])
      for (const processes of ['0', '9', '1.5', 'two'])
        expect(() => parseConfig({ [name]: processes }), `${name}=${processes}`).toThrow(
          new RegExp(`${name}: must be a whole number from 1 to 8`),
        );
  });

  it('read several URLs of each service separated by commas; the supervisor starts two of each unless told', () => {
    const urls = 'http://127.0.0.1:4102, http://127.0.0.1:4103';
    const expected = ['http://127.0.0.1:4102', 'http://127.0.0.1:4103'];
    const read = splitServiceConfig(
      parseConfig({
        ...split,
        SPLIT_QUERY_API_URL: urls,
        SPLIT_COMMAND_API_URL: urls,
        SPLIT_PROJECTOR_URL: urls,
      }),
    );
    expect([read.queryApiUrls, read.commandApiUrls, read.projectorUrls]).toEqual([
      expected,
      expected,
      expected,
    ]);
    const defaults = parseConfig({});
    expect([
      defaults.SPLIT_COMMAND_PROCESSES,
      defaults.SPLIT_QUERY_PROCESSES,
      defaults.SPLIT_PROJECTOR_PROCESSES,
    ]).toEqual([2, 2, 2]);
    expect(parseConfig({ SPLIT_QUERY_PROCESSES: '3' }).SPLIT_QUERY_PROCESSES).toBe(3);
  });

  it('names every one a service needs and was not given', () => {
    expect(() => splitServiceConfig(parseConfig({ SPLIT_SERVICE_PORT: '4001' }))).toThrow(ConfigError);
    expect(() => splitServiceConfig(parseConfig({ SPLIT_SERVICE_PORT: '4001' }))).toThrow(
      /SPLIT_COMMAND_API_URL[\s\S]*SPLIT_QUERY_API_URL/,
    );
  });
});

describe('DEMO', () => {
  it('is on by default, off with 0 (or false, no, off), and refuses anything else', () => {
    expect(parseConfig({}).DEMO).toBe(true);
    expect(parseConfig({ DEMO: '' }).DEMO).toBe(true);
    for (const off of ['0', 'false', 'no', 'off']) expect(parseConfig({ DEMO: off }).DEMO).toBe(false);
    expect(() => parseConfig({ DEMO: 'maybe' })).toThrow(/DEMO/);
  });
});
