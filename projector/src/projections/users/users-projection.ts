import { idOf } from '@nocturne/events';
import type { Projection } from '../../runner/projection';

/**
 * Tables `users` and `sessions`: who is logged in (query-api's session user) and the admin's
 * user list. Times are the events' own (recordedAt), never now(): a rebuild gives the same rows.
 * The row of a deleted account goes with its sessions; an account whose key has been destroyed
 * (a rebuild after deletion) is never inserted, since its address can no longer be read.
 */
export const usersProjection: Projection = {
  name: 'users',
  handles: [
    'UserRegistered',
    'EmailVerified',
    'UserLoggedIn',
    'UserLoggedOut',
    'PasswordReset',
    'PremiumGranted',
    'PremiumRevoked',
    'PremiumStoryUnlocked',
    'UserDeleted',
  ],
  async apply(trx, event, { vault }) {
    const userKey = idOf(event.streamName);
    switch (event.type) {
      case 'UserRegistered': {
        const email = await vault.decrypt(event.data.email);
        if (email === null) return;
        const row = {
          account_id: event.data.accountId,
          email,
          verified: false,
          is_subscribed: false,
          premium_stories_remaining: 0,
          created_at: event.recordedAt,
          verified_at: null,
          last_login: null,
        };
        // A stream registers again only after a deletion; a fresh account replaces all.
        await trx
          .insertInto('users')
          .values({ user_key: userKey, ...row })
          .onConflict((oc) => oc.column('user_key').doUpdateSet(row))
          .execute();
        await trx.deleteFrom('sessions').where('user_key', '=', userKey).execute();
        return;
      }
      case 'EmailVerified':
        await trx
          .updateTable('users')
          .set({ verified: true, verified_at: event.recordedAt })
          .where('user_key', '=', userKey)
          .execute();
        return;
      case 'UserLoggedIn':
        await trx
          .insertInto('sessions')
          .values({
            session_digest: event.data.sessionDigest,
            user_key: userKey,
            expires_at: event.data.expiresAt,
          })
          .onConflict((oc) => oc.column('session_digest').doNothing())
          .execute();
        await trx
          .updateTable('users')
          .set({ last_login: event.recordedAt })
          .where('user_key', '=', userKey)
          .execute();
        return;
      case 'UserLoggedOut':
        await trx.deleteFrom('sessions').where('session_digest', '=', event.data.sessionDigest).execute();
        return;
      case 'PasswordReset':
        await trx.deleteFrom('sessions').where('user_key', '=', userKey).execute();
        return;
      case 'PremiumGranted':
        await trx
          .updateTable('users')
          .set((eb) => ({
            is_subscribed: true,
            premium_stories_remaining: eb('premium_stories_remaining', '+', event.data.stories),
          }))
          .where('user_key', '=', userKey)
          .execute();
        return;
      case 'PremiumRevoked':
        await trx
          .updateTable('users')
          .set({ is_subscribed: false, premium_stories_remaining: 0 })
          .where('user_key', '=', userKey)
          .execute();
        return;
      case 'PremiumStoryUnlocked':
        await trx
          .updateTable('users')
          .set((eb) => ({ premium_stories_remaining: eb('premium_stories_remaining', '-', 1) }))
          .where('user_key', '=', userKey)
          .execute();
        return;
      case 'UserDeleted':
        await trx.deleteFrom('sessions').where('user_key', '=', userKey).execute();
        await trx.deleteFrom('users').where('user_key', '=', userKey).execute();
        return;
    }
  },
};
