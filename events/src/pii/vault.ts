import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Crypto-shredding. Personal fields of events are encrypted with a key of their subject
 * (an account or a waitlist entry). Keys live in Postgres, outside the event log; destroying
 * a subject's key makes every one of its personal fields unreadable, although the log is
 * append-only. Format: `pii:v1:<subject>:<iv>:<ciphertext>:<tag>` (base64url, AES-256-GCM).
 */
export interface PiiVault {
  encrypt(subject: string, plaintext: string): Promise<string>;
  /** The plaintext, or null when the subject's key has been destroyed. */
  decrypt(value: string): Promise<string | null>;
  destroy(subject: string): Promise<void>;
}

const PREFIX = 'pii:v1:';
const subjectPattern = /^[A-Za-z0-9_-]{1,80}$/;

export function subjectOf(value: string): string {
  if (!value.startsWith(PREFIX)) throw new Error('not an encrypted value');
  return value.slice(PREFIX.length).split(':')[0]!;
}

export function sealWith(key: Buffer, subject: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subject));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
  return `${PREFIX}${subject}:${parts.join(':')}`;
}

export function openWith(key: Buffer, value: string): string {
  const [subject, iv, body, tag] = value.slice(PREFIX.length).split(':');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
  decipher.setAAD(Buffer.from(subject!));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body!, 'base64url')), decipher.final()]).toString('utf8');
}

export const piiVaultSchemaSql = `
create schema if not exists vault;
create table if not exists vault.pii_keys (
  subject text primary key,
  key bytea not null,
  created_at timestamptz not null default now()
);`;

/** Keys in `vault.pii_keys`. Not cached: a destroyed key must stop working everywhere at once. */
export class PostgresPiiVault implements PiiVault {
  private constructor(private readonly pool: pg.Pool) {}

  static async connect(connectionString: string): Promise<PostgresPiiVault> {
    const pool = new pg.Pool({ connectionString, max: 4 });
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(8202612)');
      await client.query(piiVaultSchemaSql);
    } finally {
      await client.query('select pg_advisory_unlock(8202612)').catch(() => {});
      client.release();
    }
    return new PostgresPiiVault(pool);
  }

  async encrypt(subject: string, plaintext: string): Promise<string> {
    if (!subjectPattern.test(subject)) throw new Error(`bad PII subject ${subject}`);
    const { rows } = await this.pool.query<{ key: Buffer }>(
      `insert into vault.pii_keys (subject, key) values ($1, $2)
       on conflict (subject) do update set subject = excluded.subject returning key`,
      [subject, randomBytes(32)],
    );
    return sealWith(rows[0]!.key, subject, plaintext);
  }

  async decrypt(value: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ key: Buffer }>(
      'select key from vault.pii_keys where subject = $1',
      [subjectOf(value)],
    );
    return rows[0] ? openWith(rows[0].key, value) : null;
  }

  async destroy(subject: string): Promise<void> {
    await this.pool.query('delete from vault.pii_keys where subject = $1', [subject]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
