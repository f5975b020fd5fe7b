import { userRegistered } from '@nocturne/events/testing';
import type { Kysely } from 'kysely';
import { describe, it } from 'vitest';
import type { ReadModel } from '../../read-model/schema';
import {
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
  userEventRecorder,
} from '../../testing/projection-test';
import { usersProjection } from './users-projection';

// Addresses by ciphertext; a missing entry is an erased key.
const addresses = new Map<string, string>([
  ['pii:v1:acc-a:e', 'ann@example.com'],
  ['pii:v1:acc-b:e', 'bob@example.com'],
  ['pii:v1:acc-c:e', 'cat@example.com'],
  ['pii:v1:acc-d:e', 'dee@example.com'],
]);
const vault = lookupVault(addresses);

const readModel = useReadModelDatabase('users_projection');

// Reassigned by the rebuild test, so a replay records the very same positions.
let recorded = userEventRecorder();

const digest = (c: string) => c.repeat(64);
const registered = (accountId: string, email: string) =>
  userRegistered({ accountId, email, passwordHash: 'pii:v1:x:h' });
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

const history = () => [
  recorded(registered(A, 'pii:v1:acc-a:e'), 'ka', '2025-01-01T10:00:00Z'),
  recorded({ type: 'EmailVerified', data: { tokenDigest: digest('a') } }, 'ka', '2025-01-01T10:05:00Z'),
  recorded(
    { type: 'UserLoggedIn', data: { sessionDigest: digest('1'), expiresAt: '2025-01-31T10:06:00.000Z' } },
    'ka',
    '2025-01-01T10:06:00Z',
  ),
  recorded(
    { type: 'UserLoggedIn', data: { sessionDigest: digest('2'), expiresAt: '2025-02-01T09:00:00.000Z' } },
    'ka',
    '2025-01-02T09:00:00Z',
  ),
  recorded({ type: 'UserLoggedOut', data: { sessionDigest: digest('1') } }, 'ka', '2025-01-02T09:30:00Z'),
  recorded({ type: 'PremiumGranted', data: { stories: 30 } }, 'ka', '2025-01-03T00:00:00Z'),
  recorded({ type: 'PremiumStoryUnlocked', data: { storyId: 's1' } }, 'ka', '2025-01-03T01:00:00Z'),
  recorded({ type: 'PremiumStoryUnlocked', data: { storyId: 's2' } }, 'ka', '2025-01-03T02:00:00Z'),
  // B logs in, resets the password (every session goes), then is revoked premium.
  recorded(registered(B, 'pii:v1:acc-b:e'), 'kb', '2025-01-04T00:00:00Z'),
  recorded({ type: 'EmailVerified', data: { tokenDigest: digest('a') } }, 'kb', '2025-01-04T00:01:00Z'),
  recorded(
    { type: 'UserLoggedIn', data: { sessionDigest: digest('3'), expiresAt: '2025-02-03T00:02:00.000Z' } },
    'kb',
    '2025-01-04T00:02:00Z',
  ),
  recorded(
    { type: 'PasswordReset', data: { tokenDigest: digest('b'), passwordHash: 'pii:v1:x:h2' } },
    'kb',
    '2025-01-04T00:03:00Z',
  ),
  recorded({ type: 'PremiumGranted', data: { stories: 30 } }, 'kb', '2025-01-05T00:00:00Z'),
  recorded({ type: 'PremiumRevoked', data: {} }, 'kb', '2025-01-06T00:00:00Z'),
  // A payment of B's was charged back: the account is flagged for the staff.
  recorded(
    { type: 'AccountFlaggedForStaff', data: { reason: 'chargeback', purchaseId: 'p9' } },
    'kb',
    '2025-01-06T00:30:00Z',
  ),
  // C registers, logs in, is deleted.
  recorded(registered(C, 'pii:v1:acc-c:e'), 'kc', '2025-01-07T00:00:00Z'),
  recorded(
    { type: 'UserLoggedIn', data: { sessionDigest: digest('4'), expiresAt: '2025-02-06T00:00:00.000Z' } },
    'kc',
    '2025-01-07T00:01:00Z',
  ),
  recorded({ type: 'UserDeleted', data: { accountId: C } }, 'kc', '2025-01-08T00:00:00Z'),
  // An erased account (its key is gone): never inserted, and its later events touch nothing.
  recorded(registered('44444444-4444-4444-8444-444444444444', 'pii:v1:gone:e'), 'kd', '2025-01-09T00:00:00Z'),
  recorded({ type: 'EmailVerified', data: { tokenDigest: digest('a') } }, 'kd', '2025-01-09T00:01:00Z'),
];

const given = projectionSpec(usersProjection, readModel, { vault });

const rows = async (db: Kysely<ReadModel>) => ({
  users: await db.selectFrom('users').selectAll().orderBy('user_key').execute(),
  sessions: await db.selectFrom('sessions').selectAll().orderBy('session_digest').execute(),
});

describe('users projection', () => {
  it('keeps accounts and live sessions, from the events alone', async () => {
    await given(...history()).thenRows(rows, {
      users: [
        {
          user_key: 'ka',
          account_id: A,
          email: 'ann@example.com',
          verified: true,
          premium_member: true,
          premium_stories_remaining: 28,
          flagged_for_staff: false,
          created_at: new Date('2025-01-01T10:00:00Z'),
          verified_at: new Date('2025-01-01T10:05:00Z'),
          last_login: new Date('2025-01-02T09:00:00Z'),
        },
        {
          user_key: 'kb',
          account_id: B,
          email: 'bob@example.com',
          verified: true,
          premium_member: false,
          premium_stories_remaining: 0,
          flagged_for_staff: true,
          created_at: new Date('2025-01-04T00:00:00Z'),
          verified_at: new Date('2025-01-04T00:01:00Z'),
          last_login: new Date('2025-01-04T00:02:00Z'),
        },
      ],
      sessions: [
        { session_digest: digest('2'), user_key: 'ka', expires_at: new Date('2025-02-01T09:00:00.000Z') },
      ],
    });
  });

  it('gives identical rows when rebuilt from the same events', async () => {
    const before = await rows(readModel());
    await readModel().deleteFrom('sessions').execute();
    await readModel().deleteFrom('users').execute();
    recorded = userEventRecorder();
    await given(...history()).thenRows(rows, before);
  });

  it('lets a deleted address register again as a fresh account', async () => {
    addresses.set('pii:v1:acc-c2:e', 'cat@example.com');
    await given(
      recorded(
        registered('55555555-5555-4555-8555-555555555555', 'pii:v1:acc-c2:e'),
        'kc',
        '2025-03-01T00:00:00Z',
      ),
    ).thenRows(
      (db) =>
        db
          .selectFrom('users')
          .select(['email', 'verified', 'created_at'])
          .where('user_key', '=', 'kc')
          .executeTakeFirstOrThrow(),
      { email: 'cat@example.com', verified: false, created_at: new Date('2025-03-01T00:00:00Z') },
    );
  });

  it('gives a returned unlock back to the quota, and nothing back to a revoked quota', async () => {
    const returned = (userKey: string) =>
      recorded(
        { type: 'PremiumUnlockReturned', data: { storyId: 's1', reason: 'deleted' } },
        userKey,
        '2025-03-02T00:00:00Z',
      );
    await given(returned('ka'), returned('kb')).thenRows(
      (db) =>
        db
          .selectFrom('users')
          .select(['user_key', 'premium_stories_remaining'])
          .where('user_key', 'in', ['ka', 'kb'])
          .orderBy('user_key')
          .execute(),
      [
        { user_key: 'ka', premium_stories_remaining: 29 },
        { user_key: 'kb', premium_stories_remaining: 0 },
      ],
    );
  });

  it("takes back a reversed purchase's stories only, as the user fold does", async () => {
    const at = (minute: number) => `2025-03-03T00:0${minute}:00Z`;
    const D = '44444444-4444-4444-8444-444444444444';
    await given(
      recorded(registered(D, 'pii:v1:acc-d:e'), 'kd', at(0)),
      recorded({ type: 'PremiumGranted', data: { stories: 30, purchaseId: 'p1' } }, 'kd', at(1)),
      recorded({ type: 'PremiumGranted', data: { stories: 30, purchaseId: 'p2' } }, 'kd', at(2)),
      recorded(
        { type: 'PremiumRevoked', data: { purchaseId: 'p1', stories: 30, reason: 'refund' } },
        'kd',
        at(3),
      ),
    ).thenRows(
      (db) =>
        db
          .selectFrom('users')
          .select(['premium_member', 'premium_stories_remaining'])
          .where('user_key', '=', 'kd')
          .execute(),
      [{ premium_member: true, premium_stories_remaining: 30 }],
    );
    await given(
      recorded(
        { type: 'PremiumRevoked', data: { purchaseId: 'p2', stories: 30, reason: 'chargeback' } },
        'kd',
        at(4),
      ),
    ).thenRows(
      (db) =>
        db
          .selectFrom('users')
          .select(['premium_member', 'premium_stories_remaining'])
          .where('user_key', '=', 'kd')
          .execute(),
      [{ premium_member: false, premium_stories_remaining: 0 }],
    );
  });
});
