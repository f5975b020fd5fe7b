import pg from 'pg';

/**
 * Connection strings that name several servers, as libpq reads them:
 *
 *   postgres://user@db-a:5432,db-b:5432/nocturne?target_session_attrs=read-write
 *
 * node-postgres takes one host, so a client here is told, each time it connects, which of the
 * hosts to reach: with `target_session_attrs=read-write` (the default here when several are
 * named, since every writer needs the primary) the first that answers and is not in recovery;
 * with `any`, the first that answers. The answer is remembered per connection string and asked
 * again when a connection to it fails or breaks, so that after a standby is promoted
 * every pool finds the new primary by itself as its broken connections are replaced.
 */
export interface HostAndPort {
  host: string;
  port: number;
}

export interface MultiHostUrl {
  hosts: HostAndPort[];
  /** The same URL with only the first host, for what node-postgres parses itself. */
  single: string;
  targetSessionAttrs: 'read-write' | 'any';
}

/** The hosts of a connection string, or undefined when it names one (or is not a URL). */
export function parseMultiHostUrl(connectionString: string): MultiHostUrl | undefined {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/.exec(connectionString);
  if (!match) return undefined;
  const [, scheme, auth = '', hostList = '', rest = ''] = match;
  if (!hostList.includes(',')) return undefined;
  const hosts = hostList.split(',').map((entry) => {
    const at = entry.lastIndexOf(':');
    const bracketed = entry.startsWith('[');
    const host = at > 0 && (!bracketed || entry[at - 1] === ']') ? entry.slice(0, at) : entry;
    const port = host === entry ? 5432 : Number(entry.slice(at + 1));
    return { host: host.replace(/^\[|\]$/g, ''), port };
  });
  const query = new URLSearchParams(rest.split('?')[1]?.split('#')[0] ?? '');
  const attrs = query.get('target_session_attrs') ?? 'read-write';
  if (attrs !== 'read-write' && attrs !== 'any')
    throw new Error(`target_session_attrs=${attrs} is not supported here (read-write or any)`);
  // node-postgres would pass an unknown parameter on to the server as a setting.
  query.delete('target_session_attrs');
  const path = rest.split('?')[0] ?? '';
  const search = query.toString();
  const first = hosts[0]!;
  const hostText = first.host.includes(':') ? `[${first.host}]` : first.host;
  return {
    hosts,
    single: `${scheme}${auth}${hostText}:${first.port}${path}${search ? `?${search}` : ''}`,
    targetSessionAttrs: attrs,
  };
}

/** Which host to reach for one multi-host connection string, remembered until it fails. */
class HostPicker {
  private chosen: Promise<HostAndPort> | undefined;

  constructor(private readonly url: MultiHostUrl) {}

  pick(config: pg.ClientConfig): Promise<HostAndPort> {
    this.chosen ??= this.find(config).catch((error: unknown) => {
      this.chosen = undefined;
      throw error;
    });
    return this.chosen;
  }

  forget(): void {
    this.chosen = undefined;
  }

  private async find(config: pg.ClientConfig): Promise<HostAndPort> {
    const failures: string[] = [];
    for (const target of this.url.hosts) {
      // A connection string wins over host and port in node-postgres: they are set after.
      const probe = new pg.Client({
        ...config,
        connectionString: this.url.single,
        connectionTimeoutMillis: config.connectionTimeoutMillis || 5_000,
      });
      probe.host = target.host;
      probe.port = target.port;
      probe.on('error', () => {});
      try {
        await probe.connect();
        if (this.url.targetSessionAttrs === 'read-write') {
          const { rows } = await probe.query<{ recovering: boolean }>(
            'select pg_is_in_recovery() as recovering',
          );
          if (rows[0]?.recovering) {
            failures.push(`${target.host}:${target.port} is read-only`);
            continue;
          }
        }
        return target;
      } catch (error) {
        failures.push(
          `${target.host}:${target.port}: ${error instanceof Error ? error.message : String(error)}`,
        );
      } finally {
        await probe.end().catch(() => {});
      }
    }
    // SQLSTATE 08001 (unable to establish a connection): answered as the outage it is.
    throw Object.assign(
      new Error(`no ${this.url.targetSessionAttrs} server among the hosts (${failures.join('; ')})`),
      { code: '08001' },
    );
  }
}

/** One picker per set of hosts and database: every pool of a process shares what it learnt. */
const pickers = new Map<string, HostPicker>();

function pickerFor(url: MultiHostUrl): HostPicker {
  const key = `${url.single} ${url.hosts.map((h) => `${h.host}:${h.port}`).join(',')} ${url.targetSessionAttrs}`;
  let picker = pickers.get(key);
  if (!picker) {
    picker = new HostPicker(url);
    pickers.set(key, picker);
  }
  return picker;
}

/** A pg.Client class that reaches the picked host of `url` each time it connects. */
function multiHostClient(url: MultiHostUrl): typeof pg.Client {
  const picker = pickerFor(url);
  class MultiHostClient extends pg.Client {
    private readonly pickConfig: pg.ClientConfig;

    constructor(config: string | pg.ClientConfig = {}) {
      const { connectionString: _named, ...rest } = typeof config === 'string' ? {} : config;
      super({ ...rest, connectionString: url.single });
      this.pickConfig = rest;
      // The server went away (killed, or a failover): whoever connects next asks again.
      this.on('error', () => picker.forget());
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(
      callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void),
    ): Promise<pg.Client> | undefined {
      const connecting = picker.pick(this.pickConfig).then((target) => {
        this.host = target.host;
        this.port = target.port;
        return super.connect().then(
          () => this,
          (error: unknown) => {
            picker.forget();
            throw error;
          },
        );
      });
      if (!callback) return connecting;
      void connecting.then(
        (client) => (callback as (err: null, c: pg.Client) => void)(null, client),
        (error: Error) => (callback as (err: Error) => void)(error),
      );
      return undefined;
    }
  }
  return MultiHostClient;
}

/**
 * The pg.Client class for a connection string: pg's own for one host, one that picks its host
 * for several (see above). Give it to a pool as `Client`, or construct it with the config.
 */
export function clientClassFor(connectionString: string | undefined): typeof pg.Client {
  const url = connectionString ? parseMultiHostUrl(connectionString) : undefined;
  return url ? multiHostClient(url) : pg.Client;
}

/** A client for `config.connectionString`, which may name several hosts. */
export function createClient(config: pg.ClientConfig): pg.Client {
  const Client = clientClassFor(config.connectionString);
  return new Client(config);
}
