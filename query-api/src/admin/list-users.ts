import { mayReadPersonalData } from '@nocturne/domain';
import { normaliseEmail } from '@nocturne/events';
import { apiSchema, HttpError, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { UNKNOWN_CURSOR } from '../stories/list/paging';
import { requireAddressReader } from './address-lookups';
import { AdminPageQuery, adminPageFrom, sendPage } from './admin-paging';
import { SEALED } from './audit/shown-event';

const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const listUsersDoc = apiSchema({
  summary: 'The users, a page at a time, with counts (admin)',
  tags: ['admin'],
  security: ['admin'],
  querystring: AdminPageQuery.extend({
    email: z
      .string()
      .optional()
      .describe('Only the user with this address (at most one); for the roles that read addresses only'),
    account: z
      .uuid()
      .optional()
      .describe("Only the user with this account id (at most one): the panel opens a user's details by it"),
    q: z
      .string()
      .optional()
      .describe(
        'Only the users whose address contains this text (case ignored); for a role that reads no addresses (the auditor), whose account id does',
      ),
    state: z.enum(['verified', 'unverified']).optional().describe('Only verified, or only unverified, users'),
    premium: z.enum(['premium', 'free']).optional().describe('Only premium members, or only free users'),
    flagged: z
      .enum(['true'])
      .optional()
      .describe('Only the users flagged for staff (a payment of theirs was charged back)'),
  }),
  ok: {
    200: {
      description: 'A page of the users, newest first (X-Next-Cursor when more follow)',
      schema: z.object({
        users: z.array(
          z.object({
            account_id: z.string().describe("The account's id: the audit timeline finds it by this"),
            email: z.string().describe('The address; "sealed" for a role that reads no personal data'),
            verified: z.boolean(),
            is_subscribed: z.boolean(),
            created_at: z.string().nullable(),
            last_login: z.string().nullable(),
            premium_stories_remaining: z.number().int(),
            flagged_for_staff: z
              .boolean()
              .describe('A payment of theirs was charged back: a staff member should look'),
          }),
        ),
        total_users: z.number().int(),
        verified_users: z.number().int(),
        subscribed_users: z.number().int(),
      }),
    },
  },
  errors: {
    400: 'A limit that is not 1 to 100, a cursor this server did not give, an account that is not an id, or an unknown filter value',
    401: 'No X-Admin-Code, or a wrong or expired one',
    403: 'email= from a role that reads no addresses (the auditor)',
  },
});

/**
 * GET /api/admin/users: the users newest first, one page at a time (`?limit=`, default
 * DEFAULT_PAGE_SIZE, and `?cursor=` from the previous page's X-Next-Cursor), and the panel's
 * statistics (total, verified and premium users) from the one row the users projection keeps
 * (`user_counts`). Each page is read by the index on (created_at, user_key) from where the
 * previous one stopped, however deep; `?email=` finds one account by the index on the address,
 * `?account=` one by the index on its account id (any role that reads the list).
 * `?q=` (part of an address), `?state=`, `?premium=` and `?flagged=` narrow the list; the pages
 * and the cursor stay the same, the totals stay those of all users. Addresses are shown, and
 * searched, only for the roles that read personal data: the auditor's `?q=` matches account ids,
 * and its `?email=` is a 403, so that no answer tells the auditor whether an address has an
 * account.
 */
export const listUsersRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/users', { schema: listUsersDoc }, async (request, reply) => {
    const admin = requireAdmin(request);
    // The auditor sees the address "sealed", as in the event browser; the account id leads them
    // to the account's timeline all the same.
    const readsPersonal = mayReadPersonalData(admin.role);
    const page = adminPageFrom(request.query, 2);
    let query = deps.db
      .selectFrom('users')
      .select([
        'user_key',
        'account_id',
        'email',
        'verified',
        'premium_member',
        'created_at',
        'last_login',
        'premium_stories_remaining',
        'flagged_for_staff',
      ]);
    const { email } = request.query as { email?: unknown };
    if (email !== undefined) {
      if (typeof email !== 'string' || email.length > 320)
        throw new HttpError(400, 'email must be given once');
      requireAddressReader(admin.role);
      query = query.where('email', '=', normaliseEmail(email));
    }
    const { account, q, state, premium, flagged } = request.query as Record<string, unknown>;
    if (account !== undefined) {
      if (typeof account !== 'string' || !ACCOUNT_ID.test(account))
        throw new HttpError(400, 'account must be one account id');
      query = query.where('account_id', '=', account.toLowerCase());
    }
    if (q !== undefined) {
      if (typeof q !== 'string' || q.length > 320)
        throw new HttpError(400, 'q must be given once, at most 320 characters');
      const part = q.trim().toLowerCase();
      // The auditor finds accounts by their id, never by what their address contains.
      const searched = readsPersonal ? sql`email` : sql`account_id::text`;
      if (part) query = query.where(sql<boolean>`strpos(${searched}, ${part}) > 0`);
    }
    if (state !== undefined) {
      if (state !== 'verified' && state !== 'unverified')
        throw new HttpError(400, 'state must be verified or unverified');
      query = query.where('verified', '=', state === 'verified');
    }
    if (premium !== undefined) {
      if (premium !== 'premium' && premium !== 'free')
        throw new HttpError(400, 'premium must be premium or free');
      query = query.where('premium_member', '=', premium === 'premium');
    }
    if (flagged !== undefined) {
      if (flagged !== 'true') throw new HttpError(400, 'flagged must be true');
      query = query.where('flagged_for_staff', '=', true);
    }
    if (page.after) {
      const [createdAt, userKey] = page.after;
      if (Number.isNaN(Date.parse(createdAt!))) throw new HttpError(400, UNKNOWN_CURSOR);
      query = query.where(
        sql<boolean>`(created_at, user_key) < (${new Date(createdAt!)}::timestamptz, ${userKey})`,
      );
    }
    const [rows, counts] = await Promise.all([
      query
        .orderBy('created_at', 'desc')
        .orderBy('user_key', 'desc')
        .limit(page.limit + 1)
        .execute(),
      deps.db.selectFrom('user_counts').select(['total', 'verified', 'premium_members']).executeTakeFirst(),
    ]);
    const users = sendPage(reply, rows, page, (row) => [
      new Date(row.created_at).toISOString(),
      row.user_key,
    ]);
    const total = Number(counts?.total ?? 0);
    reply.header('X-Total-Count', String(total));
    return {
      users: users.map((row) => ({
        account_id: row.account_id,
        email: readsPersonal ? row.email : SEALED,
        verified: row.verified,
        is_subscribed: row.premium_member,
        created_at: iso(row.created_at),
        last_login: iso(row.last_login),
        premium_stories_remaining: row.premium_stories_remaining,
        flagged_for_staff: row.flagged_for_staff,
      })),
      total_users: total,
      verified_users: Number(counts?.verified ?? 0),
      subscribed_users: Number(counts?.premium_members ?? 0),
    };
  });
};
