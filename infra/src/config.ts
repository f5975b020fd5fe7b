import { createPublicKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import {
  type AgeWalletSettings,
  CCBILL_WEBHOOK_RANGES,
  isSenderRange,
  type PaymentSettings,
  YOTI_DEFAULT_URL,
  type YotiSettings,
} from '@nocturne/command-api';
import type { AgeAssurancePolicy } from '@nocturne/http-kit/auth';
import { z } from 'zod';

/** An unset or empty variable is "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : v), schema.optional());

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    message: 'must be one of true/false, 1/0, yes/no, on/off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/**
 * Who may tell us the client's address in X-Forwarded-For: `false` (nobody; the TCP peer is the
 * client), a number of proxy hops in front of the server, or the proxies' addresses and CIDR
 * ranges (and proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). Every rate limit is
 * keyed on the address seen this way.
 */
export type TrustProxy = false | number | string[];

/** TRUST_PROXY as Fastify's `trustProxy` option (a hop count becomes "trust the first n hops"). */
export function fastifyTrustProxy(
  trust: TrustProxy | true,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (entry: string) => {
  if (proxyNames.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

const trustProxy = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    if (value === '' || value === 'none' || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.find((e) => !isProxyEntry(e));
    if (bad !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `"${bad}" is neither a hop count nor an IP address or CIDR range (e.g. 2, or 10.0.0.0/8,127.0.0.1)`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A URL, or several separated by commas (split mode's services, each of which may run many times). */
const urlList = (example: string) =>
  z
    .string()
    .transform((value) => value.split(',').map((url) => url.trim()))
    .pipe(
      z.array(z.url({ message: `must be a URL such as ${example}, or several separated by commas` })).min(1),
    );

const processCount = z.coerce
  .number({ message: 'must be a whole number from 1 to 8' })
  .int()
  .min(1, 'must be a whole number from 1 to 8')
  .max(8, 'must be a whole number from 1 to 8');

/** Invite codes separated by commas (or, in the kept file, by lines too), blanks dropped. */
function inviteCodeList(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** ISO 3166-1 alpha-2 codes separated by commas, upper-cased, blanks dropped. */
const regionList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(/^[A-Z]{2}$/, 'must be ISO 3166-1 alpha-2 country codes separated by commas (e.g. GB,FR)'),
    ),
  );

/** The configuration names, validated at start. */
export const ConfigSchema = z.object({
  PORT: optional(z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535)).default(3000),
  /**
   * The address the server (split mode: the gateway) listens on. Loopback unless opened: the
   * product on a laptop, with its generated admin password, is not for the local network.
   */
  HOST: optional(z.string().trim().min(1)).default('127.0.0.1'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')),
  /**
   * A streaming replica of DATABASE_URL that query-api reads the read models from (commands, the
   * projector and everything that writes keep DATABASE_URL). Unset: the reads go to DATABASE_URL.
   */
  READ_DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')),
  EVENTSTORE_URL: optional(z.string().regex(/^esdb(\+discover)?:\/\/.+/, 'must be an esdb:// URL')),
  NATS_URL: optional(z.string().regex(/^(nats|tls|ws|wss):\/\/.+/, 'must be a nats:// URL')),
  NATS_SUBJECT_PREFIX: optional(
    z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only'),
  ).default('nocturne'),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')),
  PUBLIC_URL: optional(z.url({ message: 'must be a URL such as https://stories.example' })),
  DATA_DIR: optional(z.string()).default('./.data'),
  SUPPORT_EMAIL: optional(z.email({ message: 'must be an e-mail address' })).default(
    'support@nocturne.example',
  ),
  /** Set alone (no PAYMENT_PROVIDER), it selects the manual flow. */
  PAYMENT_LINK_BASE: optional(z.url({ message: 'must be a URL' })),
  /**
   * How readers pay: `manual` (the payment link, confirmed by a staff member), `verotel`
   * (Verotel FlexPay: its signed notices grant premium), or `local` (the embedded processor,
   * which speaks FlexPay; `npm start` runs it), or `ccbill` (CCBill FlexForms: its webhooks,
   * from its published addresses, grant premium).
   */
  PAYMENT_PROVIDER: optional(z.enum(['manual', 'verotel', 'local', 'ccbill'])),
  VEROTEL_SHOP_ID: optional(z.string().regex(/^\d{1,12}$/, 'must be the website id (digits)')),
  VEROTEL_SIGNATURE_KEY: optional(z.string().min(8, 'must be the FlexPay signature key')),
  VEROTEL_ORDER_URL: optional(z.url({ message: 'must be a URL' })).default(
    'https://secure.verotel.com/startorder',
  ),
  CCBILL_CLIENT_ACCNUM: optional(z.string().regex(/^\d{6}$/, 'must be the six-digit main account number')),
  CCBILL_CLIENT_SUBACC: optional(z.string().regex(/^\d{4}$/, 'must be the four-digit subaccount number')),
  CCBILL_FLEX_ID: optional(
    z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "must be the FlexForms payment flow's id"),
  ),
  CCBILL_SALT: optional(z.string().min(8, "must be the subaccount's encryption key (salt)")),
  CCBILL_FLEXFORMS_URL: optional(z.url({ message: 'must be a URL' })).default(
    'https://api.ccbill.com/wap-frontflex/flexforms',
  ),
  /** Where CCBill's webhooks may come from: addresses, ranges (a-b) or CIDR blocks, comma-separated. */
  CCBILL_WEBHOOK_SENDERS: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.length > 0 && entries.every(isSenderRange), {
        message: 'must be IP addresses, ranges (first-last) or CIDR blocks, comma-separated',
      }),
  ).default([...CCBILL_WEBHOOK_RANGES]),
  CCBILL_DATALINK_URL: optional(z.url({ message: 'must be a URL' })).default(
    'https://datalink.ccbill.com/data/main.cgi',
  ),
  CCBILL_DATALINK_USERNAME: optional(z.string().min(1)),
  CCBILL_DATALINK_PASSWORD: optional(z.string().min(1)),
  /**
   * The local processor's port (`npm start` without a processor); unset:
   * PORT + 1, or another free port when that one is taken.
   */
  LOCAL_PROCESSOR_PORT: optional(
    z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535),
  ),
  /** What readers' card statements show for a purchase. */
  PAYMENT_DESCRIPTOR: optional(z.string().trim().min(1).max(40)).default('NOCTURNE STORIES'),
  DISCOUNT_CODE: optional(z.string().min(3)).default('NOCTURNE30'),
  /**
   * Unset: codes generated on the first start and kept in DATA_DIR/invite-codes (a production
   * start refuses to run without them: a generated code nobody was told is no invitation).
   */
  INVITE_CODES: optional(
    z
      .string()
      .transform(inviteCodeList)
      .transform((codes) => (codes.length > 0 ? codes : undefined)),
  ),
  EXPOSE_VERIFICATION_TOKEN: optional(flag).default(false),
  /**
   * Off: the PostgreSQL store appends without the hash chain, and the log no longer verifies.
   * Only for measuring what the chain costs (`npm run bench chain`); on by default.
   */
  EVENT_HASH_CHAIN: optional(flag).default(true),
  /**
   * On: start on a PostgreSQL whose `fsync` is off (a crash of the machine can then lose or
   * corrupt what was acknowledged). Off by default: the start refuses such a server.
   */
  ALLOW_FSYNC_OFF: optional(flag).default(false),
  /** Secret for HMACs (stream keys, signed image references, admin tokens, one-time tokens). */
  APP_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  /**
   * Split mode: the credential services present to each other (query-api -> command-api's
   * /internal routes). Its own secret, so that it grants nothing else (APP_SECRET mints tokens).
   */
  INTERNAL_TOKEN: optional(z.string().min(32, 'must be at least 32 characters')),
  TRUST_PROXY: optional(trustProxy).default(false),
  /**
   * GET /metrics for a scraper that is not on the same machine (loopback needs none): it sends
   * `Authorization: Bearer <METRICS_TOKEN>`. Unset: /metrics is served to loopback only.
   */
  METRICS_TOKEN: optional(z.string().min(32, 'must be at least 32 characters')),
  /**
   * Whether viewers must be assured to be adults before anything explicit is sent: `off`,
   * `required` (everywhere), or `by-region` (in AGE_ASSURANCE_REGIONS, and wherever the trusted
   * proxy names no region).
   */
  AGE_ASSURANCE: optional(z.enum(['off', 'required', 'by-region'])).default('required'),
  /** With AGE_ASSURANCE=by-region: the regions (ISO 3166-1 alpha-2 codes) that require it. */
  AGE_ASSURANCE_REGIONS: optional(regionList).default([]),
  /** How long an age assurance holds, in days (12 months by default). */
  AGE_ASSURANCE_VALIDITY_DAYS: optional(
    z.coerce.number({ message: 'must be a whole number of days from 1 to 3650' }).int().min(1).max(3650),
  ).default(365),
  /**
   * The OpenID4VP wallet method: `eudi` (wallets of the EU age-verification blueprint, trusted
   * through AGE_WALLET_TRUSTED_ISSUERS), `local` (the embedded test wallet `npm start` runs; never
   * in production) or `off`. Unset: `eudi` when AGE_WALLET_TRUSTED_ISSUERS is set, else `local`
   * outside production and `off` in it.
   */
  AGE_WALLET: optional(z.enum(['off', 'local', 'eudi'])),
  /** A PEM file of the trusted attestation issuers' certificates (IACA roots or document signers). */
  AGE_WALLET_TRUSTED_ISSUERS: optional(z.string().min(1)),
  /** The wallet's authorization endpoint the browser is sent to: the blueprint's custom scheme by default. */
  AGE_WALLET_URL: optional(
    z.string().regex(/^[a-z][a-z0-9+.-]*:\/\/\S+$/, 'must be a URL (e.g. av://authorize)'),
  ).default('av://authorize'),
  /**
   * The local test wallet's port (`npm start` with AGE_WALLET local); unset:
   * PORT + 2, or another free port when that one is taken.
   */
  LOCAL_WALLET_PORT: optional(z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535)),
  /**
   * The hosted method (docs/decisions/0015): `yoti` (Yoti's age verification, with the YOTI_*
   * settings), `local` (`npm start` runs a stand-in speaking Yoti's wire; never in production) or
   * `off`. Unset: `yoti` when YOTI_SDK_ID is set, else `off`.
   */
  AGE_HOSTED: optional(z.enum(['off', 'local', 'yoti'])),
  /** Yoti's API and user view: https://age.yoti.com unless told otherwise. */
  YOTI_API_URL: optional(z.url({ message: 'must be a URL such as https://age.yoti.com' })).default(
    YOTI_DEFAULT_URL,
  ),
  /** The Yoti Hub's SDK id of the account. */
  YOTI_SDK_ID: optional(z.string().min(1)),
  /** The Yoti Hub's API key (a secret: sent to Yoti only, never logged). */
  YOTI_API_KEY: optional(z.string().min(1)),
  /** A PEM file of the public key Yoti signs its notifications with (published by Yoti). */
  YOTI_NOTIFICATION_PUBLIC_KEY: optional(z.string().min(1)),
  /** The age facial estimation must see: a buffer above 18 (Yoti and Ofcom recommend one). */
  YOTI_ESTIMATION_THRESHOLD: optional(
    z.coerce.number({ message: 'must be a whole number of years from 18 to 40' }).int().min(18).max(40),
  ).default(25),
  /**
   * The Yoti stand-in's port (`npm start` with AGE_HOSTED=local); unset:
   * PORT + 3, or another free port when that one is taken.
   */
  LOCAL_YOTI_PORT: optional(z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535)),
  /** `npm start` on the embedded database and an empty event log creates the demo library. */
  DEMO: optional(flag).default(true),
  /** Serve the web build's source maps (off: the app's sources are not published). */
  SOURCE_MAPS: optional(flag).default(false),
  /**
   * How often the command side looks for its own work (milliseconds): scheduled drafts that are
   * due, and unlocks of withdrawn stories to give back.
   */
  SCHEDULER_POLL_MS: optional(
    z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(100).max(60_000),
  ).default(30_000),
  /**
   * How soon a standby projector process takes over from a leader that died (milliseconds): it
   * tries the leader's lock this often, and a leader checks its lock's connection as often.
   */
  PROJECTOR_TAKEOVER_MS: optional(
    z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(100).max(60_000),
  ).default(1000),
  /**
   * When the daily e-mail digest goes out: HH:MM in UTC (a process started later that day sends
   * it at once), or `off` (no process sends it by itself).
   */
  DIGEST_TIME: optional(
    z.string().regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be HH:MM (UTC, 24-hour) or off'),
  ).default('07:00'),
  /** `production` (the image sets it): secrets that would otherwise be generated must be given. */
  NODE_ENV: optional(z.string()),
  /**
   * Where traces go over OTLP/HTTP (`http://collector:4318`); unset, nothing is traced. The
   * exporter also reads the other OTEL_EXPORTER_OTLP_* variables (headers, timeout).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(z.url({ message: 'must be a URL such as http://collector:4318' })),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
  // Split mode, one service per process: the supervisor (infra/src/split/main.ts) sets the port
  // and the URLs for each service it starts; a deployment (infra/deploy) sets them itself.
  SPLIT_SERVICE_PORT: optional(z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535)),
  /** One URL, or several separated by commas: commands are spread over them in turn. */
  SPLIT_COMMAND_API_URL: optional(urlList('http://command-api:4001')),
  /** One URL, or several separated by commas: the gateway spreads the reads over them in turn. */
  SPLIT_QUERY_API_URL: optional(urlList('http://query-api:4002')),
  /** How many command-api processes `npm run start:split` starts (the gateway spreads commands over them). */
  SPLIT_COMMAND_PROCESSES: optional(processCount).default(2),
  /** How many query-api processes `npm run start:split` starts (the gateway balances reads over them). */
  SPLIT_QUERY_PROCESSES: optional(processCount).default(2),
  /** How many projector processes `npm run start:split` starts: one leads, the others stand by. */
  SPLIT_PROJECTOR_PROCESSES: optional(processCount).default(2),
  /** The projector processes' probe listeners, one URL or several separated by commas. */
  SPLIT_PROJECTOR_URL: optional(urlList('http://projector:4003')),
  SPLIT_LISTEN_HOST: optional(z.string()).default('127.0.0.1'),
  /** Unset: HOST. */
  SPLIT_GATEWAY_HOST: optional(z.string()),
});

export type RawConfig = z.infer<typeof ConfigSchema>;

/** The configuration every service runs with, all defaults resolved. */
export interface AppConfig {
  port: number;
  /** HOST: the address the one-process server listens on. */
  host: string;
  databaseUrl: string;
  /** READ_DATABASE_URL: where query-api reads the read models; DATABASE_URL when unset. */
  readDatabaseUrl: string;
  eventStoreUrl: string | undefined;
  natsUrl: string | undefined;
  natsSubjectPrefix: string;
  adminPassword: string;
  smtpUrl: string | undefined;
  publicUrl: string;
  dataDir: string;
  supportEmail: string;
  paymentLinkBase: string;
  /** How readers pay: by hand (`manual`), or through a processor's signed notices. */
  payments: PaymentSettings;
  /** CCBill's Data Link (its transaction report), for reconciliation; unset: not reconciled. */
  ccbillDataLink?: CcbillDataLinkSettings;
  discountCode: string;
  inviteCodes: string[];
  exposeVerificationToken: boolean;
  /** EVENT_HASH_CHAIN: appends chain each event's hash (off only for the bench's baseline). */
  hashChain: boolean;
  /** ALLOW_FSYNC_OFF: the operator accepts a PostgreSQL whose fsync is off. */
  allowFsyncOff: boolean;
  secret: string;
  /** INTERNAL_TOKEN: what split-mode services present on /internal routes. */
  internalToken: string;
  trustProxy: TrustProxy;
  /** METRICS_TOKEN: what a scraper from outside loopback presents on GET /metrics. */
  metricsToken: string | undefined;
  logLevel: RawConfig['LOG_LEVEL'];
  /** SOURCE_MAPS: the web build's `.map` files are served. */
  sourceMaps: boolean;
  /**
   * SCHEDULER_POLL_MS: how often scheduled drafts and withdrawn stories' unlocks are looked for
   * (a draft is published, an unlock given back, within it).
   */
  schedulerPollMs: number;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: tracing's collector; undefined, tracing is off. */
  otlpEndpoint: string | undefined;
  /** PROJECTOR_TAKEOVER_MS: how often a standby projector tries to take the lead. */
  projectorTakeoverMs: number;
  /** DIGEST_TIME: HH:MM (UTC) of the daily digest; null (`off`) for never by itself. */
  digestTime: string | null;
  /** AGE_ASSURANCE, AGE_ASSURANCE_REGIONS, AGE_ASSURANCE_VALIDITY_DAYS. */
  ageAssurance: AgeAssurancePolicy;
  /** AGE_WALLET*: the wallet method, or null (off; or `local`, which the launcher fills in). */
  ageWallet: AgeWalletSettings | null;
  /** AGE_HOSTED, YOTI_*: the hosted method, or null (off; or `local`, which the launcher fills in). */
  ageHosted: YotiSettings | null;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Validates the environment; a wrong value stops the start with a message naming it. */
export function parseConfig(env: NodeJS.ProcessEnv): RawConfig {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // A production start never makes up invite codes that nobody was told.
  if (result.data.NODE_ENV === 'production' && !result.data.INVITE_CODES) {
    throw new ConfigError(
      'Invalid configuration:\n  INVITE_CODES: must be set in production (comma-separated invite codes)',
    );
  }
  if (result.data.AGE_ASSURANCE === 'by-region' && result.data.AGE_ASSURANCE_REGIONS.length === 0) {
    throw new ConfigError(
      'Invalid configuration:\n  AGE_ASSURANCE_REGIONS: must list the regions (e.g. GB,FR) when AGE_ASSURANCE=by-region',
    );
  }
  if (result.data.AGE_WALLET === 'eudi' && !result.data.AGE_WALLET_TRUSTED_ISSUERS) {
    throw new ConfigError(
      'Invalid configuration:\n  AGE_WALLET_TRUSTED_ISSUERS: must name the PEM file of the trusted issuers when AGE_WALLET=eudi',
    );
  }
  if (result.data.AGE_WALLET === 'local' && result.data.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  AGE_WALLET: local is the test wallet, never for production (use eudi or off)',
    );
  }
  if (result.data.AGE_HOSTED === 'local' && result.data.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  AGE_HOSTED: local is the Yoti stand-in, never for production (use yoti or off)',
    );
  }
  if (hostedModeOf(result.data) === 'yoti') {
    const missing = (['YOTI_SDK_ID', 'YOTI_API_KEY', 'YOTI_NOTIFICATION_PUBLIC_KEY'] as const).filter(
      (name) => !result.data[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: must be set for Yoti's age verification (AGE_HOSTED=yoti)`).join('\n')}`,
      );
    }
  }
  if (result.data.PAYMENT_PROVIDER === 'ccbill') {
    const missing = (
      ['CCBILL_CLIENT_ACCNUM', 'CCBILL_CLIENT_SUBACC', 'CCBILL_FLEX_ID', 'CCBILL_SALT'] as const
    ).filter((name) => !result.data[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: must be set when PAYMENT_PROVIDER=ccbill`).join('\n')}`,
      );
    }
  }
  if (result.data.PAYMENT_PROVIDER === 'verotel') {
    const missing = (['VEROTEL_SHOP_ID', 'VEROTEL_SIGNATURE_KEY'] as const).filter(
      (name) => !result.data[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: must be set when PAYMENT_PROVIDER=verotel`).join('\n')}`,
      );
    }
  }
  return result.data;
}

export interface SplitServiceConfig {
  port: number;
  /** The command-api processes, one or more; commands go to each in turn. */
  commandApiUrls: string[];
  /** The query-api processes, one or more; the gateway sends each read to the next in turn. */
  queryApiUrls: string[];
  /** Where the gateway's /readyz asks the projectors' probe listeners; empty: it does not. */
  projectorUrls: string[];
  /** Where command-api and query-api listen (loopback unless in containers of their own). */
  listenHost: string;
  /** Where the gateway listens (SPLIT_GATEWAY_HOST, else HOST). */
  gatewayHost: string;
}

/** The SPLIT_* settings one split-mode service needs; missing ones stop it, named. */
export function splitServiceConfig(raw: RawConfig): SplitServiceConfig {
  const missing = (['SPLIT_SERVICE_PORT', 'SPLIT_COMMAND_API_URL', 'SPLIT_QUERY_API_URL'] as const).filter(
    (name) => raw[name] === undefined,
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: must be set by the split-mode supervisor or the deployment`).join('\n')}`,
    );
  }
  return {
    port: raw.SPLIT_SERVICE_PORT!,
    commandApiUrls: raw.SPLIT_COMMAND_API_URL!,
    queryApiUrls: raw.SPLIT_QUERY_API_URL!,
    projectorUrls: raw.SPLIT_PROJECTOR_URL ?? [],
    listenHost: raw.SPLIT_LISTEN_HOST,
    gatewayHost: raw.SPLIT_GATEWAY_HOST ?? raw.HOST,
  };
}

/** Where and as whom CCBill's Data Link is asked for a day's transactions. */
export interface CcbillDataLinkSettings {
  url: string;
  username: string;
  password: string;
  clientAccnum: string;
  clientSubacc?: string;
}

const DEFAULT_PAYMENT_LINK_BASE = 'https://www.paypal.com/paypalme/nocturnestories';

/**
 * The processor readers pay through. PAYMENT_PROVIDER names it; without it the flow is the
 * manual one (PAYMENT_LINK_BASE alone selects it too). `local` is filled in by the launcher that
 * starts the embedded processor (LOCAL_PROCESSOR_*).
 */
export function paymentSettingsOf(raw: RawConfig): PaymentSettings {
  const provider = raw.PAYMENT_PROVIDER ?? 'manual';
  // The local processor's settings are known once `npm start` has started it (wantsLocalProcessor).
  if (provider === 'manual' || provider === 'local') return { provider: 'manual' };
  if (provider === 'verotel') {
    return {
      provider,
      shopId: raw.VEROTEL_SHOP_ID!,
      signatureKey: raw.VEROTEL_SIGNATURE_KEY!,
      orderUrl: raw.VEROTEL_ORDER_URL,
      descriptor: raw.PAYMENT_DESCRIPTOR,
    };
  }
  if (provider === 'ccbill') {
    return {
      provider,
      clientAccnum: raw.CCBILL_CLIENT_ACCNUM!,
      clientSubacc: raw.CCBILL_CLIENT_SUBACC!,
      flexId: raw.CCBILL_FLEX_ID!,
      salt: raw.CCBILL_SALT!,
      flexFormsUrl: raw.CCBILL_FLEXFORMS_URL,
      webhookSenders: raw.CCBILL_WEBHOOK_SENDERS,
      descriptor: raw.PAYMENT_DESCRIPTOR,
    };
  }
  return { provider: 'manual' };
}

/**
 * Whether `npm start` runs the local processor: asked for (PAYMENT_PROVIDER=local), or no way
 * of paying configured at all (neither PAYMENT_PROVIDER nor PAYMENT_LINK_BASE).
 */
export function wantsLocalProcessor(raw: RawConfig): boolean {
  return (
    raw.PAYMENT_PROVIDER === 'local' ||
    (raw.PAYMENT_PROVIDER === undefined && raw.PAYMENT_LINK_BASE === undefined)
  );
}

/** Which wallet method AGE_WALLET and AGE_WALLET_TRUSTED_ISSUERS select (see the schema). */
function walletModeOf(raw: RawConfig): 'off' | 'local' | 'eudi' {
  if (raw.AGE_WALLET) return raw.AGE_WALLET;
  if (raw.AGE_WALLET_TRUSTED_ISSUERS) return 'eudi';
  return raw.NODE_ENV === 'production' ? 'off' : 'local';
}

/** Whether `npm start` runs the local test wallet (and trusts its issuer). */
export function wantsLocalWallet(raw: RawConfig): boolean {
  return walletModeOf(raw) === 'local';
}

/** Which hosted method AGE_HOSTED and YOTI_SDK_ID select (see the schema). */
function hostedModeOf(raw: Pick<RawConfig, 'AGE_HOSTED' | 'YOTI_SDK_ID'>): 'off' | 'local' | 'yoti' {
  if (raw.AGE_HOSTED) return raw.AGE_HOSTED;
  return raw.YOTI_SDK_ID ? 'yoti' : 'off';
}

/** Whether `npm start` runs the Yoti stand-in as the hosted method. */
export function wantsLocalYoti(raw: RawConfig): boolean {
  return hostedModeOf(raw) === 'local';
}

/**
 * Yoti's settings, its notification key read from YOTI_NOTIFICATION_PUBLIC_KEY (a file that is
 * not a public key stops the start). Null when the hosted method is off, or local (the launcher).
 */
function ageHostedOf(raw: RawConfig): YotiSettings | null {
  if (hostedModeOf(raw) !== 'yoti') return null;
  const path = raw.YOTI_NOTIFICATION_PUBLIC_KEY!;
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
    createPublicKey(pem);
  } catch {
    throw new ConfigError(
      `Invalid configuration:\n  YOTI_NOTIFICATION_PUBLIC_KEY: ${path} is not a readable PEM public key`,
    );
  }
  return {
    provider: 'yoti',
    apiUrl: raw.YOTI_API_URL,
    sdkId: raw.YOTI_SDK_ID!,
    apiKey: raw.YOTI_API_KEY!,
    notificationPublicKey: pem,
    estimationThreshold: raw.YOTI_ESTIMATION_THRESHOLD,
  };
}

/** Every certificate of a PEM file, DER-encoded. */
export function certificatesOfPem(pem: string): Uint8Array[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)].map(
    (match) => new Uint8Array(Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64')),
  );
}

/**
 * The EU wallet's settings: its trust list read from AGE_WALLET_TRUSTED_ISSUERS (a file that
 * holds no certificate stops the start). Null when the wallet is off, or local (the launcher).
 */
function ageWalletOf(raw: RawConfig): AgeWalletSettings | null {
  if (walletModeOf(raw) !== 'eudi') return null;
  const path = raw.AGE_WALLET_TRUSTED_ISSUERS!;
  let certificates: Uint8Array[];
  try {
    certificates = certificatesOfPem(readFileSync(path, 'utf8'));
  } catch {
    throw new ConfigError(`Invalid configuration:\n  AGE_WALLET_TRUSTED_ISSUERS: cannot read ${path}`);
  }
  if (certificates.length === 0) {
    throw new ConfigError(
      `Invalid configuration:\n  AGE_WALLET_TRUSTED_ISSUERS: ${path} holds no PEM certificate`,
    );
  }
  return { provider: 'eudi-wallet', walletUrl: raw.AGE_WALLET_URL, trustedCertificates: certificates };
}

/** For entry points: a wrong configuration prints its message and exits with status 1. */
export function parseConfigOrExit(env: NodeJS.ProcessEnv): RawConfig {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * A secret kept in DATA_DIR when not given, so that a restart keeps sessions, tokens and
 * stream keys valid. Created with mode 600.
 */
export function persistentSecret(
  dataDir: string,
  name: string,
  make: () => string,
): { value: string; created: boolean } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, name);
  if (existsSync(file)) return { value: readFileSync(file, 'utf8').trim(), created: false };
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return { value, created: true };
}

export interface ResolvedSecrets {
  config: AppConfig;
  /** True when the admin password was generated now (print it). */
  adminPasswordGenerated: boolean;
  /** True when the invite codes were generated now; false when kept from before or set. */
  inviteCodesGenerated: boolean;
}

/** A generated invite code: 12 lower-case letters and digits (60 random bits), easy to pass on. */
const newInviteCode = () =>
  Array.from(randomBytes(12), (byte) => 'abcdefghijklmnopqrstuvwxyz234567'[byte % 32]).join('');

/**
 * INVITE_CODES, or the codes kept in DATA_DIR/invite-codes (one made on the first start). The
 * product never accepts a code it did not tell its operator; in production the codes must be set.
 */
function inviteCodesOf(raw: RawConfig, dataDir: string): { codes: string[]; generated: boolean } {
  if (raw.INVITE_CODES) return { codes: raw.INVITE_CODES, generated: false };
  const kept = persistentSecret(dataDir, 'invite-codes', newInviteCode);
  const codes = inviteCodeList(kept.value);
  if (codes.length === 0) {
    throw new ConfigError(
      `Invalid configuration:\n  INVITE_CODES: ${join(dataDir, 'invite-codes')} holds no code`,
    );
  }
  return { codes, generated: kept.created };
}

/** The invite codes as the start banner shows them: the kept ones with where they are kept. */
export function describeInviteCodes(raw: RawConfig, config: AppConfig, generated: boolean): string {
  if (raw.INVITE_CODES) return '(set by INVITE_CODES)';
  return `${config.inviteCodes.join(', ')}   (${generated ? 'generated now, ' : ''}kept in ${join(config.dataDir, 'invite-codes')})`;
}

/** The admin password as the start banner shows it: the kept one with where it is kept. */
export function describeAdminPassword(raw: RawConfig, config: AppConfig, generated: boolean): string {
  if (raw.ADMIN_PASSWORD) return '(set by ADMIN_PASSWORD)';
  return `${config.adminPassword}   (${generated ? 'generated now, ' : ''}kept in ${join(config.dataDir, 'admin-password')})`;
}

/** Resolves the defaults that depend on other values (DATA_DIR, PORT) once DATABASE_URL is known. */
export function resolveConfig(raw: RawConfig, databaseUrl: string): ResolvedSecrets {
  const dataDir = resolve(raw.DATA_DIR);
  const secret =
    raw.APP_SECRET ?? persistentSecret(dataDir, 'app-secret', () => randomBytes(32).toString('hex')).value;
  const internalToken =
    raw.INTERNAL_TOKEN ??
    persistentSecret(dataDir, 'internal-token', () => randomBytes(32).toString('hex')).value;
  const admin = raw.ADMIN_PASSWORD
    ? { value: raw.ADMIN_PASSWORD, created: false }
    : persistentSecret(dataDir, 'admin-password', () => randomBytes(12).toString('base64url'));
  const invites = inviteCodesOf(raw, dataDir);
  return {
    adminPasswordGenerated: admin.created,
    inviteCodesGenerated: invites.generated,
    config: {
      port: raw.PORT,
      host: raw.HOST,
      databaseUrl,
      readDatabaseUrl: raw.READ_DATABASE_URL ?? databaseUrl,
      eventStoreUrl: raw.EVENTSTORE_URL,
      natsUrl: raw.NATS_URL,
      natsSubjectPrefix: raw.NATS_SUBJECT_PREFIX,
      adminPassword: admin.value,
      smtpUrl: raw.SMTP_URL,
      publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
      dataDir,
      supportEmail: raw.SUPPORT_EMAIL,
      paymentLinkBase: (raw.PAYMENT_LINK_BASE ?? DEFAULT_PAYMENT_LINK_BASE).replace(/\/$/, ''),
      payments: paymentSettingsOf(raw),
      ...(raw.CCBILL_DATALINK_USERNAME && raw.CCBILL_DATALINK_PASSWORD && raw.CCBILL_CLIENT_ACCNUM
        ? {
            ccbillDataLink: {
              url: raw.CCBILL_DATALINK_URL,
              username: raw.CCBILL_DATALINK_USERNAME,
              password: raw.CCBILL_DATALINK_PASSWORD,
              clientAccnum: raw.CCBILL_CLIENT_ACCNUM,
              ...(raw.CCBILL_CLIENT_SUBACC ? { clientSubacc: raw.CCBILL_CLIENT_SUBACC } : {}),
            },
          }
        : {}),
      discountCode: raw.DISCOUNT_CODE,
      inviteCodes: invites.codes,
      exposeVerificationToken: raw.EXPOSE_VERIFICATION_TOKEN,
      hashChain: raw.EVENT_HASH_CHAIN,
      allowFsyncOff: raw.ALLOW_FSYNC_OFF,
      secret,
      internalToken,
      trustProxy: raw.TRUST_PROXY,
      metricsToken: raw.METRICS_TOKEN,
      logLevel: raw.LOG_LEVEL,
      sourceMaps: raw.SOURCE_MAPS,
      schedulerPollMs: raw.SCHEDULER_POLL_MS,
      projectorTakeoverMs: raw.PROJECTOR_TAKEOVER_MS,
      otlpEndpoint: raw.OTEL_EXPORTER_OTLP_ENDPOINT,
      digestTime: raw.DIGEST_TIME === 'off' ? null : raw.DIGEST_TIME,
      ageAssurance: {
        mode: raw.AGE_ASSURANCE,
        regions: raw.AGE_ASSURANCE_REGIONS,
        validityDays: raw.AGE_ASSURANCE_VALIDITY_DAYS,
      },
      ageWallet: ageWalletOf(raw),
      ageHosted: ageHostedOf(raw),
    },
  };
}
