import { createTestDatabase, type TestDatabase } from '@nocturne/pg-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_TTL_MS } from './admin-sessions';
import { connectSecurity, type PostgresSecurity } from './postgres-security';

let db: TestDatabase;
let now = new Date('2025-03-01T10:00:05.000Z');
const clock = () => now;
// Two connections, as two processes or replicas would have.
let first: PostgresSecurity;
let second: PostgresSecurity;

beforeAll(async () => {
  db = await createTestDatabase('security');
  [first, second] = await Promise.all([connectSecurity(db.url, clock), connectSecurity(db.url, clock)]);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await db?.drop();
});

describe('rate limits in PostgreSQL', () => {
  it('are counted together by every process, concurrently, without losing a hit', async () => {
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).limiter.hit('login:10.0.0.1', 60_000)),
    );
    expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect((await second.limiter.peek('login:10.0.0.1', 60_000)).hits).toBe(20);
    expect(hits.every((h) => h.resetInMs === 60_000)).toBe(true);
    now = new Date(now.getTime() + 15_000);
    expect(await first.limiter.peek('login:10.0.0.1', 60_000)).toEqual({ hits: 20, resetInMs: 45_000 });
  });

  it('start again at 0 when the window ends, and give a hit back on refund', async () => {
    await first.limiter.hit('k', 60_000);
    await second.limiter.hit('k', 60_000);
    await first.limiter.refund('k', 60_000);
    expect((await second.limiter.peek('k', 60_000)).hits).toBe(1);
    now = new Date(now.getTime() + 59_999);
    expect((await second.limiter.peek('k', 60_000)).hits).toBe(1);
    now = new Date(now.getTime() + 1);
    expect((await second.limiter.peek('k', 60_000)).hits).toBe(0);
    expect((await first.limiter.hit('k', 60_000)).hits).toBe(1);
  });

  it('open a new window on the next hit when every hit of the current one was given back', async () => {
    await first.limiter.hit('refunded', 60_000);
    await first.limiter.refund('refunded', 60_000);
    now = new Date(now.getTime() + 30_000);
    expect(await second.limiter.hit('refunded', 60_000)).toEqual({ hits: 1, resetInMs: 60_000 });
  });
});

describe('admin sessions in PostgreSQL', () => {
  it('are seen by every process, end after 8 hours, and a revoke ends them everywhere at once', async () => {
    const opened = await first.adminSessions.open();
    expect(await second.adminSessions.find(opened.token)).toEqual({
      session: opened.session,
      staffId: null,
      role: 'owner',
    });
    const revoked = await first.adminSessions.open();
    await second.adminSessions.revoke(revoked.token);
    expect(await first.adminSessions.find(revoked.token)).toBeNull();

    now = new Date(now.getTime() + ADMIN_SESSION_TTL_MS - 1);
    expect(await second.adminSessions.find(opened.token)).not.toBeNull();
    now = new Date(now.getTime() + 1);
    expect(await second.adminSessions.find(opened.token)).toBeNull();
    expect(ADMIN_SESSION_TTL_MS).toBe(8 * 60 * 60 * 1000);
  });

  it("name a staff member's id and role; a role change reaches their sessions, a removal ends them all", async () => {
    const mod = { staffId: 'a'.repeat(32), role: 'moderator' } as const;
    const [one, two] = [await first.adminSessions.open(mod), await first.adminSessions.open(mod)];
    const other = await first.adminSessions.open({ staffId: 'b'.repeat(32), role: 'auditor' });
    expect(await second.adminSessions.find(one.token)).toEqual({ session: one.session, ...mod });

    await second.adminSessions.changeStaffRole(mod.staffId, 'admin');
    expect(await first.adminSessions.find(two.token)).toMatchObject({ role: 'admin' });
    expect(await first.adminSessions.find(other.token)).toMatchObject({ role: 'auditor' });

    await second.adminSessions.revokeStaff(mod.staffId);
    expect(await first.adminSessions.find(one.token)).toBeNull();
    expect(await first.adminSessions.find(two.token)).toBeNull();
    expect(await first.adminSessions.find(other.token)).not.toBeNull();
  });
});
