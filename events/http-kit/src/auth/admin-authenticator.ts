import pLimit, { type LimitFunction } from 'p-limit';
import { HttpError } from '../http/errors';
import {
  type AdminSessionHolder,
  type AdminSessions,
  looksLikeAdminToken,
  type StaffSessionOwner,
} from '../security/admin-sessions';
import type { RateLimiter } from '../security/rate-limiter';
import type { AdminPassword } from './admin-password';
import { guessThrottle } from './guess-throttle';

export const invalidAdminCode = 'Invalid admin password or session';
export const tooManyAdminFailures = 'Too many failed attempts. Please wait a minute and try again.';

export interface AdminAuthenticatorOptions {
  password: AdminPassword;
  sessions: AdminSessions;
  limiter: RateLimiter;
  /** Wrong passwords allowed per client and window (default 5 a minute). */
  failuresPerWindow?: number;
  /**
   * Wrong passwords allowed from all clients together, per window, before only clients that have
   * not failed yet may try (default 50: the one shared password, possibly held by several people).
   */
  accountFailuresPerWindow?: number;
  windowMs?: number;
  /** Password comparisons (16 MiB scrypt each) running at once in this process (default 2). */
  concurrentComparisons?: number;
}

/**
 * The one admin authentication: every request carrying X-Admin-Code, on any route, comes here.
 * The code is an admin session token (what the panel keeps after the owner's or a staff
 * member's login) or the owner's password itself; a password that matches opens an owner
 * session, so every event an admin causes names a session (and a staff member's, their id).
 *
 * Only guesses of the password are throttled, per client and for the owner's account as a whole
 * (the shared guess throttle: once the account's budget is spent, an address that has not failed
 * yet still gets through). A session token is never throttled: a live one is served whatever
 * others sent, so nobody can lock the staff out by sending wrong codes, even from behind the same
 * proxy; a wrong one is a 401 and costs nothing (its 256 random bits are not worth guessing, so
 * counting them would only let anyone spend the owner's budget). The password's budget is
 * charged BEFORE the comparison (and given back when it matches), so parallel guesses cannot all
 * slip past the check; the comparisons wait for a small semaphore, so guessing cannot starve the
 * thread pool that logins hash on.
 */
export class AdminAuthenticator {
  private readonly comparisons: LimitFunction;
  private readonly chargeGuess: (account: string, client: string) => Promise<() => Promise<void>>;

  constructor(private readonly options: AdminAuthenticatorOptions) {
    this.comparisons = pLimit(options.concurrentComparisons ?? 2);
    this.chargeGuess = guessThrottle(options.limiter, 'admin-failures', {
      perAccountAndAddress: options.failuresPerWindow ?? 5,
      perAccount: options.accountFailuresPerWindow ?? 50,
      windowMs: options.windowMs ?? 60_000,
      detail: tooManyAdminFailures,
    });
  }

  /** The admin session behind `code`, for the client at `client`; throws 401 or 429. */
  async authenticate(code: string, client: string): Promise<AdminSessionHolder & { token: string }> {
    const { sessions, password } = this.options;
    if (looksLikeAdminToken(code)) {
      const found = await sessions.find(code);
      if (found) return { ...found, token: code };
      throw new HttpError(401, invalidAdminCode);
    }
    const giveBack = await this.chargeGuess('owner', client);
    const matches = code.length > 0 && (await this.comparisons(() => password.matches(code)));
    if (!matches) throw new HttpError(401, invalidAdminCode);
    await giveBack();
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
