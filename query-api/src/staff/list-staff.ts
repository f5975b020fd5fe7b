import { STAFF_ROLES } from '@nocturne/domain';
import { apiSchema, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';

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
  summary: 'Every staff member: role, invitation and second-factor state, last login (owner)',
  tags: ['admin', 'staff'],
  security: ['admin'],
  ok: {
    200: {
      description: 'Current staff first, then removed ones; newest first',
      schema: z.object({ staff: z.array(StaffMember) }),
    },
  },
  errors: { 401: 'No X-Admin-Code, or a wrong or expired one' },
});

/** GET /api/admin/staff: the `staff` read model, for the owner's list in the panel. */
export const listStaffRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/staff', { schema: listStaffDoc }, async (request, reply) => {
    requireAdmin(request);
    const rows = await deps.db
      .selectFrom('staff')
      .selectAll()
      .orderBy((eb) => eb.case().when('status', '=', 'removed').then(1).else(0).end())
      .orderBy('invited_at', 'desc')
      .execute();
    reply.header('Cache-Control', 'private, no-store');
    return {
      staff: rows.map((row) => ({
        ...row,
        invited_at: iso(row.invited_at)!,
        last_login_at: iso(row.last_login_at),
      })),
    };
  });
};
