import { requireAdmin } from '@nocturne/events/http';
import type { FastifyPluginAsync } from 'fastify';
import type { QueryApiDeps } from '../deps';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * GET /api/admin/users: every user (newest first) and the statistics of spec.md section 3,
 * from the accounts feature's `users` read model.
 */
export const listUsersRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/users', async (request) => {
    requireAdmin(request);
    const rows = await deps.db
      .selectFrom('users')
      .select(['email', 'verified', 'is_subscribed', 'created_at', 'last_login', 'premium_stories_remaining'])
      .orderBy('created_at', 'desc')
      .execute();
    return {
      users: rows.map((row) => ({
        email: row.email,
        verified: row.verified,
        is_subscribed: row.is_subscribed,
        created_at: iso(row.created_at),
        last_login: iso(row.last_login),
        premium_stories_remaining: row.premium_stories_remaining,
      })),
      total_users: rows.length,
      verified_users: rows.filter((row) => row.verified).length,
      subscribed_users: rows.filter((row) => row.is_subscribed).length,
    };
  });
};
