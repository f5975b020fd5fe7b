import { randomBytes } from 'node:crypto';
import type { StaffRoleName } from '@nocturne/domain';
import {
  ADMIN_SESSION_TTL_MS,
  type AdminSessionHolder,
  type AdminSessions,
  looksLikeAdminToken,
  type StaffSessionOwner,
} from './admin-sessions';

/** Admin sessions in one process's memory: for tests that run without PostgreSQL. */
export class MemoryAdminSessions implements AdminSessions {
  private readonly live = new Map<string, AdminSessionHolder & { expiresAt: number }>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async open(staff?: StaffSessionOwner): Promise<{ token: string; session: string }> {
    const token = `adm.${randomBytes(32).toString('base64url')}`;
    const session = randomBytes(9).toString('base64url');
    this.live.set(token, {
      session,
      staffId: staff?.staffId ?? null,
      role: staff?.role ?? 'owner',
      expiresAt: this.clock().getTime() + ADMIN_SESSION_TTL_MS,
    });
    return { token, session };
  }

  async find(token: string): Promise<AdminSessionHolder | null> {
    const found = looksLikeAdminToken(token) ? this.live.get(token) : undefined;
    if (!found || found.expiresAt <= this.clock().getTime()) return null;
    return { session: found.session, staffId: found.staffId, role: found.role };
  }

  async revoke(token: string): Promise<void> {
    this.live.delete(token);
  }

  async revokeStaff(staffId: string): Promise<void> {
    for (const [token, held] of this.live) if (held.staffId === staffId) this.live.delete(token);
  }

  async changeStaffRole(staffId: string, role: StaffRoleName): Promise<void> {
    for (const held of this.live.values()) if (held.staffId === staffId) held.role = role;
  }
}
