import pLimit, { type LimitFunction } from 'p-limit';
import { HttpError } from '../http/errors';
import { tooMany } from '../http/limit-requests';
import {
  type AdminSessionHolder,
  type AdminSessions,
  looksLikeAdminToken,
  type StaffSessionOwner,
} from '../security/admin-sessions';
import type { RateLimiter } from '../security/rate-limiter';
import type { AdminPassword } from './admin-password';

export const invalidAdminCode = 'Invalid admin password or session';
export const tooManyAdminFailures = 'Too many failed attempts. Please wait a minute and try again.';

export interface AdminAuthenticatorOptions {
  password: AdminPassword;
  sessions: AdminSessions;
  limiter: RateLimiter;
  /** Wrong codes allowed per client and window (default 5 a minute). */
  failuresPerWindow?: number;
  windowMs?: number;
  /** Password comparisons (16 MiB scrypt each) running at once in this process (default 2). */
  concurrentComparisons?: number;
}

/**
 * The one admin authentication: every request carrying X-Admin-Code, on any route, comes here.
 * The code is an admin session token (what the panel keeps after the owner's or a staff
 * member's login) or the owner's password itself; a password that matches opens an owner
 * session, so every event an admin causes names a session (and a staff member's, their id).
 * A wrong code is a 401 and counts toward the client's failure budget; once
 * it is spent, every admin-authenticated request of that client is a 429 until the window
 * ends. For the password the budget is charged BEFORE the comparison (and given back when it
 * matches), so parallel guesses cannot all slip past the check; the comparisons wait for a
 * small semaphore, so guessing cannot starve the thread pool that logins hash on.
 */
export class AdminAuthenticator {
  private readonly comparisons: LimitFunction;
  private readonly max: number;
  private readonly windowMs: number;

  constructor(private readonly options: AdminAuthenticatorOptions) {
    this.comparisons = pLimit(options.concurrentComparisons ?? 2);
    this.max = options.failuresPerWindow ?? 5;
    this.windowMs = options.windowMs ?? 60_000;
  }

  /** The admin session behind `code`, for the client at `client`; throws 401 or 429. */
  async authenticate(code: string, client: string): Promise<AdminSessionHolder & { token: string }> {
    const { limiter, sessions, password } = this.options;
    const key = `admin-failures:${client}`;
    const token = looksLikeAdminToken(code);
    // A token's session is looked up beside the budget, not after it: every admin request waits
    // for one round trip to the database instead of two in a row. The lookup changes nothing,
    // and the budget still decides first.
    const [budget, found] = await Promise.all([
      limiter.peek(key, this.windowMs),
      token ? sessions.find(code) : null,
    ]);
    if (budget.hits >= this.max) throw tooMany(budget.resetInMs, tooManyAdminFailures);

    if (token) {
      if (found) return { ...found, token: code };
      await limiter.hit(key, this.windowMs);
      throw new HttpError(401, invalidAdminCode);
    }
    const charged = await limiter.hit(key, this.windowMs);
    if (charged.hits > this.max) throw tooMany(charged.resetInMs, tooManyAdminFailures);
    const matches = code.length > 0 && (await this.comparisons(() => password.matches(code)));
    if (!matches) throw new HttpError(401, invalidAdminCode);
    await limiter.refund(key, this.windowMs);
    const opened = await sessions.open();
    return { ...opened, staffId: null, role: 'owner' };
  }

  /** A staff login (command-api checks password and second factor) opens a session of the member. */
  openStaffSession(staff: StaffSessionOwner): Promise<{ token: string; session: string }> {
    return this.options.sessions.open(staff);
  }

  /** A removed staff member's next request is a 401, in every process. */
  endStaffSessions(staffId: string): Promise<void> {
    return this.options.sessions.revokeStaff(staffId);
  }

  changeStaffRole(staff: StaffSessionOwner): Promise<void> {
    return this.options.sessions.changeStaffRole(staff.staffId, staff.role);
  }

  /** The panel's logout: the token stops working at once, in every process. */
  revoke(token: string): Promise<void> {
    return this.options.sessions.revoke(token);
  }
}
