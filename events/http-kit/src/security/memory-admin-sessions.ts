import { randomBytes } from 'node:crypto';
import { ADMIN_SESSION_TTL_MS, type AdminSessions, looksLikeAdminToken } from './admin-sessions';

/** Admin sessions in one process's memory: for tests that run without PostgreSQL. */
export class MemoryAdminSessions implements AdminSessions {
  private readonly live = new Map<string, { session: string; expiresAt: number }>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async open(): Promise<{ token: string; session: string }> {
    const token = `adm.${randomBytes(32).toString('base64url')}`;
    const session = randomBytes(9).toString('base64url');
    this.live.set(token, { session, expiresAt: this.clock().getTime() + ADMIN_SESSION_TTL_MS });
    return { token, session };
  }

  async find(token: string): Promise<{ session: string } | null> {
    const found = looksLikeAdminToken(token) ? this.live.get(token) : undefined;
    return found && found.expiresAt > this.clock().getTime() ? { session: found.session } : null;
  }

  async revoke(token: string): Promise<void> {
    this.live.delete(token);
  }
}
