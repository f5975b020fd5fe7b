import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

/** An admin session lasts 8 hours, unless the panel's logout revokes it first. */
export const ADMIN_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

/** `adm.` and 32 random bytes: what X-Admin-Code carries once the panel has logged in. */
const tokenPattern = /^adm\.[A-Za-z0-9_-]{43}$/;

export const looksLikeAdminToken = (code: string) => tokenPattern.test(code);

const digestOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AdminSessions {
  /** Opens a session: its token (given to the admin once) and its name (recorded in events). */
  open(): Promise<{ token: string; session: string }>;
  /** The session of a live token; null for an unknown, expired or revoked one. */
  find(token: string): Promise<{ session: string } | null>;
  revoke(token: string): Promise<void>;
}

/**
 * Server-side admin sessions in `security.admin_sessions`: random tokens stored only as SHA-256
 * digests, with an expiry, revoked by deleting the row, so a logout is
 * seen at once by every process.
 */
export class PostgresAdminSessions implements AdminSessions {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: () => Date,
  ) {}

  async open(): Promise<{ token: string; session: string }> {
    const token = `adm.${randomBytes(32).toString('base64url')}`;
    const session = randomBytes(9).toString('base64url');
    const now = this.clock();
    await this.pool.query(
      'insert into security.admin_sessions (digest, session, created_at, expires_at) values ($1, $2, $3, $4)',
      [digestOf(token), session, now, new Date(now.getTime() + ADMIN_SESSION_TTL_MS)],
    );
    // Expired sessions are useless: drop them while here.
    await this.pool.query('delete from security.admin_sessions where expires_at <= $1', [now]);
    return { token, session };
  }

  async find(token: string): Promise<{ session: string } | null> {
    if (!looksLikeAdminToken(token)) return null;
    const { rows } = await this.pool.query<{ session: string }>(
      'select session from security.admin_sessions where digest = $1 and expires_at > $2',
      [digestOf(token), this.clock()],
    );
    return rows[0] ? { session: rows[0].session } : null;
  }

  async revoke(token: string): Promise<void> {
    await this.pool.query('delete from security.admin_sessions where digest = $1', [digestOf(token)]);
  }
}
