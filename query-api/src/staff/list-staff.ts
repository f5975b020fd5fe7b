import { STAFF_ROLES } from '@nocturne/domain';
import { apiSchema, HttpError, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { AdminPageQuery, adminPageFrom, sendPage } from '../admin/admin-paging';
import type { QueryApiDeps } from '../deps';
import { UNKNOWN_CURSOR } from '../stories/list/paging';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const StaffMember = z.object({
  staff_id: z.string(),
  email: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(['invited', 'active', 'removed']),
  password_set: z.boolean(),
  second_factor: z.enum(['pending', 'enrolled']),
  recovery_codes_left: z.number().int(),
  invited_at: z.string(),
  last_login_at: z.string().nullable(),
});

const listStaffDoc = apiSchema({
  summary:
    'The staff members, a page at a time: role, invitation and second-factor state, last login (owner)',
  tags: ['admin', 'staff'],
  security: ['admin'],
  querystring: AdminPageQuery,
  ok: {
    200: {
      description: 'Current staff first, then removed ones; newest first (X-Next-Cursor when more follow)',
      schema: z.object({
        staff: z.array(StaffMember),
        current: z.number().int().describe('Staff members not removed, on every page'),
      }),
    },
  },
  errors: {
    400: 'A limit that is not 1 to 100, or a cursor this server did not give',
    401: 'No X-Admin-Code, or a wrong or expired one',
  },
});

/** 0 for a current member (invited or active), 1 for a removed one: the list's first key. */
const removedKey = sql<number>`(case when status = 'removed' then 1 else 0 end)`;

/**
 * GET /api/admin/staff: the `staff` read model for the owner's list in the panel, a page at a
 * time (`?limit=`, `?cursor=` from X-Next-Cursor) by the key (removed, invited_at, staff_id) from
 * where the previous page stopped; `current` counts the members not removed.
 */
export const listStaffRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/staff', { schema: listStaffDoc }, async (request, reply) => {
    requireAdmin(request);
    const page = adminPageFrom(request.query, 3);
    let query = deps.db.selectFrom('staff').selectAll().select(removedKey.as('removed'));
    if (page.after) {
      const [removed, invitedAt, staffId] = page.after;
      if (!(removed === '0' || removed === '1') || Number.isNaN(Date.parse(invitedAt!)))
        throw new HttpError(400, UNKNOWN_CURSOR);
      const at = new Date(invitedAt!);
      query = query.where(
        sql<boolean>`(${removedKey} > ${Number(removed)} or (${removedKey} = ${Number(removed)}
          and (invited_at, staff_id) < (${at}::timestamptz, ${staffId})))`,
      );
    }
    const [rows, counted] = await Promise.all([
      query
        .orderBy(removedKey)
        .orderBy('invited_at', 'desc')
        .orderBy('staff_id', 'desc')
        .limit(page.limit + 1)
        .execute(),
      deps.db
        .selectFrom('staff')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '!=', 'removed')
        .executeTakeFirst(),
    ]);
    const members = sendPage(reply, rows, page, (row) => [
      String(row.removed),
      new Date(row.invited_at).toISOString(),
      row.staff_id,
    ]);
    reply.header('Cache-Control', 'private, no-store');
    return {
      staff: members.map(({ removed: _, ...row }) => ({
        ...row,
        invited_at: iso(row.invited_at)!,
        last_login_at: iso(row.last_login_at),
      })),
      current: Number(counted?.n ?? 0),
    };
  });
};
