import { describe, expect, it } from 'vitest';
import { MemoryAdminSessions } from '../security/memory-admin-sessions';
import { MemoryRateLimiter } from '../security/memory-rate-limiter';
import { AdminAuthenticator } from './admin-authenticator';
import type { AdminPassword } from './admin-password';

const memorySessions = () => new MemoryAdminSessions();
const memoryLimiter = () => new MemoryRateLimiter(() => new Date('2025-01-01T00:00:00Z'));

/** A password whose comparisons take a while, counting how many run at once. */
function slowPassword(secret: string) {
  const seen = { running: 0, most: 0 };
  const password: AdminPassword = {
    async matches(candidate) {
      seen.running++;
      seen.most = Math.max(seen.most, seen.running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.running--;
      return candidate === secret;
    },
  };
  return { password, seen };
}

describe('the admin authentication', () => {
  it('runs at most 2 password comparisons at once, however many arrive', async () => {
    const { password, seen } = slowPassword('right');
    const auth = new AdminAuthenticator({ password, sessions: memorySessions(), limiter: memoryLimiter() });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => auth.authenticate('right', `10.0.0.${i}`)),
    );
    expect(results.every((r) => r.session.length > 0)).toBe(true);
    expect(seen.most).toBe(2);
  });

  it('opens a session for the password; the token works until revoked', async () => {
    const auth = new AdminAuthenticator({
      password: slowPassword('right').password,
      sessions: memorySessions(),
      limiter: memoryLimiter(),
    });
    const opened = await auth.authenticate('right', 'a');
    expect(opened.session).not.toBe('password');
    expect(await auth.authenticate(opened.token, 'a')).toEqual(opened);
    await auth.revoke(opened.token);
    await expect(auth.authenticate(opened.token, 'a')).rejects.toMatchObject({ statusCode: 401 });
  });

  it("names the owner for the password and a staff member's id and role for their session", async () => {
    const auth = new AdminAuthenticator({
      password: slowPassword('right').password,
      sessions: memorySessions(),
      limiter: memoryLimiter(),
    });
    expect(await auth.authenticate('right', 'a')).toMatchObject({ role: 'owner', staffId: null });
    const staffId = 'f'.repeat(32);
    const opened = await auth.openStaffSession({ staffId, role: 'auditor' });
    expect(await auth.authenticate(opened.token, 'a')).toEqual({ ...opened, staffId, role: 'auditor' });
    await auth.changeStaffRole({ staffId, role: 'moderator' });
    expect(await auth.authenticate(opened.token, 'a')).toMatchObject({ role: 'moderator' });
    await auth.endStaffSessions(staffId);
    await expect(auth.authenticate(opened.token, 'a')).rejects.toMatchObject({ statusCode: 401 });
  });

  it('a right password does not spend the budget; five wrong ones do, then even a right one from there is 429', async () => {
    const auth = new AdminAuthenticator({
      password: slowPassword('right').password,
      sessions: memorySessions(),
      limiter: memoryLimiter(),
    });
    for (let i = 0; i < 10; i++) await auth.authenticate('right', 'b');
    for (let i = 0; i < 5; i++) {
      await expect(auth.authenticate(`wrong-${i}`, 'b')).rejects.toMatchObject({ statusCode: 401 });
    }
    await expect(auth.authenticate('right', 'b')).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'Retry-After': '60' },
    });
    expect((await auth.authenticate('right', 'c')).session).toBeTruthy();
  });

  it("serves a live staff session while the same and other addresses' wrong codes are throttled", async () => {
    // Given a moderator's open session and a guesser who spent the budget from the moderator's
    // own address (as everyone behind one proxy is) and from another one
    const auth = new AdminAuthenticator({
      password: slowPassword('right').password,
      sessions: memorySessions(),
      limiter: memoryLimiter(),
    });
    const staff = await auth.openStaffSession({ staffId: 'a'.repeat(32), role: 'moderator' });
    for (const client of ['proxy', 'elsewhere']) {
      for (let i = 0; i < 5; i++) {
        await expect(auth.authenticate(`guess-${i}`, client)).rejects.toMatchObject({ statusCode: 401 });
      }
      await expect(auth.authenticate('guess-5', client)).rejects.toMatchObject({ statusCode: 429 });
    }
    // When the moderator's session is used from either address
    // Then it is served
    for (const client of ['proxy', 'elsewhere']) {
      expect(await auth.authenticate(staff.token, client)).toMatchObject({
        session: staff.session,
        role: 'moderator',
      });
    }
  });

  it('does not count wrong session tokens: they cannot spend the password budget', async () => {
    const auth = new AdminAuthenticator({
      password: slowPassword('right').password,
      sessions: memorySessions(),
      limiter: memoryLimiter(),
    });
    const unknown = (await auth.openStaffSession({ staffId: 'b'.repeat(32), role: 'auditor' })).token;
    await auth.endStaffSessions('b'.repeat(32));
    for (let i = 0; i < 20; i++) {
      await expect(auth.authenticate(unknown, 'd')).rejects.toMatchObject({ statusCode: 401 });
    }
    expect(await auth.authenticate('right', 'd')).toMatchObject({ role: 'owner' });
  });

  it("caps the owner account's guesses from many addresses, but lets an address that never failed in", async () => {
    const auth = new AdminAuthenticator({
      password: slowPassword('right').password,
      sessions: memorySessions(),
      limiter: memoryLimiter(),
    });
    for (let i = 0; i < 50; i++) {
      await expect(auth.authenticate('wrong', `10.0.0.${i % 10}`)).rejects.toMatchObject({ statusCode: 401 });
    }
    // The account's budget is spent: an address that failed before is refused even a right password
    await expect(auth.authenticate('right', '10.0.0.1')).rejects.toMatchObject({ statusCode: 429 });
    // while the owner's own address, which never failed, still gets through
    expect(await auth.authenticate('right', '192.168.1.2')).toMatchObject({ role: 'owner' });
  });
});
