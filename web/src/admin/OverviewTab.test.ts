import { describe, expect, it } from 'vitest';
import type { AdminUser, AdminUsersPage } from './admin-api';
import { grossToday, signupsToday } from './OverviewTab';

const user = (created_at: string): AdminUser => ({
  account_id: created_at,
  email: `${created_at}@example.com`,
  verified: true,
  is_subscribed: false,
  created_at,
  last_login: null,
  premium_stories_remaining: 0,
  flagged_for_staff: false,
});

const page = (users: AdminUser[], nextCursor: string | null = null): AdminUsersPage => ({
  users,
  nextCursor,
  total_users: users.length,
  verified_users: users.length,
  subscribed_users: 0,
});

describe("the overview's figures", () => {
  it("counts today's sign-ups (UTC) on the newest page, and says when there are more than a page holds", () => {
    const today = '2026-12-02';
    const newest = page([
      user('2026-12-02T09:00:00.000Z'),
      user('2026-12-02T00:00:01.000Z'),
      user('2026-12-01T23:59:59.000Z'),
    ]);
    expect(signupsToday(newest, today)).toBe('2');
    expect(signupsToday(page([user('2026-12-02T09:00:00.000Z')], 'next'), today)).toBe('1+');
    expect(signupsToday(page([]), today)).toBe('0');
    expect(signupsToday(undefined, today)).toBeNull();
  });

  it("shows today's gross in each currency, and nothing when no money came today", () => {
    const row = (period: string, currency: string, gross: number) => ({
      period,
      currency,
      gross,
      refunds: 0,
      chargebacks: 0,
      net: gross,
    });
    expect(grossToday([row('2026-12-01', 'USD', 15), row('2026-12-02', 'USD', 25)], '2026-12-02')).toBe(
      '$25.00',
    );
    expect(grossToday([row('2026-12-02', 'EUR', 10), row('2026-12-02', 'USD', 15)], '2026-12-02')).toBe(
      '€10.00 · $15.00',
    );
    expect(grossToday([row('2026-12-01', 'USD', 15)], '2026-12-02')).toBeNull();
  });
});
