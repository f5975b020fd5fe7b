import { createHash, randomBytes } from 'node:crypto';
import type { AdminRole, StaffRoleName } from '@nocturne/domain';
import type pg from 'pg';

/** An admin session lasts 8 hours, unless the panel's logout revokes it first. */
export const ADMIN_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

/** `adm.` and 32 random bytes: what X-Admin-Code carries once the panel has logged in. */
const tokenPattern = /^adm\.[A-Za-z0-9_-]{43}$/;

export const looksLikeAdminToken = (code: string) => tokenPattern.test(code);

const digestOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whose session it is: the owner (staffId null) or a staff member in a role. */
export interface AdminSessionHolder {
  session: string;
  staffId: string | null;
  role: AdminRole;
}

/** The staff member a session is opened for; none: the owner. */
export interface StaffSessionOwner {
  staffId: string;
  role: StaffRoleName;
}

export interface AdminSessions {
  /** Opens a session: its token (given to the admin once) and its name (recorded in events). */
  open(staff?: StaffSessionOwner): Promise<{ token: string; session: string }>;
  /** The holder of a live token; null for an unknown, expired or revoked one. */
  find(token: string): Promise<AdminSessionHolder | null>;
  revoke(token: string): Promise<void>;
  /** Ends every session of a staff member at once (removal). */
  revokeStaff(staffId: string): Promise<void>;
  /** A role change reaches the member's open sessions at their next request. */
  changeStaffRole(staffId: string, role: StaffRoleName): Promise<void>;
}

const holderOf = (row: { session: string; staff_id: string | null; role: string }): AdminSessionHolder => ({
  session: row.session,
  staffId: row.staff_id,
  role: row.role as AdminRole,
});

/**
 * Server-side admin sessions in `security.admin_sessions`: random tokens stored only as SHA-256
 * digests, with an expiry, revoked by deleting the row, so a logout (or a staff member's
 * removal) is seen at once by every process. A staff session's row names the member and role.
 */
export class PostgresAdminSessions implements AdminSessions {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: () => Date,
  ) {}

  async open(staff?: StaffSessionOwner): Promise<{ token: string; session: string }> {
    const token = `adm.${randomBytes(32).toString('base64url')}`;
    const session = randomBytes(9).toString('base64url');
    const now = this.clock();
    await this.pool.query(
      `insert into security.admin_sessions (digest, session, created_at, expires_at, staff_id, role)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        digestOf(token),
        session,
        now,
        new Date(now.getTime() + ADMIN_SESSION_TTL_MS),
        staff?.staffId ?? null,
        staff?.role ?? 'owner',
      ],
    );
    // Expired sessions are useless: drop them while here.
    await this.pool.query('delete from security.admin_sessions where expires_at <= $1', [now]);
    return { token, session };
  }

  async find(token: string): Promise<AdminSessionHolder | null> {
    if (!looksLikeAdminToken(token)) return null;
    const { rows } = await this.pool.query<{ session: string; staff_id: string | null; role: string }>(
      'select session, staff_id, role from security.admin_sessions where digest = $1 and expires_at > $2',
      [digestOf(token), this.clock()],
    );
    return rows[0] ? holderOf(rows[0]) : null;
  }

  async revoke(token: string): Promise<void> {
    await this.pool.query('delete from security.admin_sessions where digest = $1', [digestOf(token)]);
  }

  async revokeStaff(staffId: string): Promise<void> {
    await this.pool.query('delete from security.admin_sessions where staff_id = $1', [staffId]);
  }

  async changeStaffRole(staffId: string, role: StaffRoleName): Promise<void> {
    await this.pool.query('update security.admin_sessions set role = $2 where staff_id = $1', [
      staffId,
      role,
    ]);
  }
}
