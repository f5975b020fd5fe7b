import { apiSchema, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const listUsersDoc = apiSchema({
  summary: 'Every user with counts (admin)',
  tags: ['admin'],
  security: ['admin'],
  ok: {
    200: {
      description: 'The users, newest first',
      schema: z.object({
        users: z.array(
          z.object({
            email: z.string(),
            verified: z.boolean(),
            is_subscribed: z.boolean(),
            created_at: z.string().nullable(),
            last_login: z.string().nullable(),
            premium_stories_remaining: z.number().int(),
          }),
        ),
        total_users: z.number().int(),
        verified_users: z.number().int(),
        subscribed_users: z.number().int(),
      }),
    },
  },
  errors: { 401: 'No X-Admin-Code, or a wrong or expired one' },
});

/**
 * GET /api/admin/users: every user (newest first) and the panel's statistics (total, verified
 * and premium users), from the accounts feature's `users` read model.
 */
export const listUsersRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/users', { schema: listUsersDoc }, async (request) => {
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
