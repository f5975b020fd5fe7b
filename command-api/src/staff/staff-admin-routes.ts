import { randomBytes, randomUUID } from 'node:crypto';
import { staffMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { adminActor, apiSchema, HttpError, requireAdmin } from '@nocturne/http-kit';
import { staffInvitationToken } from '@nocturne/http-kit/auth';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminCommandErrors, adminRateLimit } from '../admin/admin-rate-limit';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { parseBody } from '../users/account-input';
import { staffDecider } from './staff-decider';
import { InviteStaffBody, StaffIdParams, StaffRoleBody, staffIdPattern } from './staff-input';

const StaffAnswer = z.object({ staff_id: z.string(), role: z.enum(['admin', 'moderator', 'auditor']) });
/** The invitation's answer; the link's token only as a testing aid (EXPOSE_VERIFICATION_TOKEN). */
const InvitedAnswer = StaffAnswer.extend({ invitation_token: z.string().optional() });

const inviteDoc = apiSchema({
  summary: 'Invite a staff member into a role by e-mail (owner)',
  tags: ['admin', 'staff'],
  security: ['admin'],
  body: InviteStaffBody,
  ok: { 201: { description: 'Invited: the invitation link is mailed', schema: InvitedAnswer } },
  errors: {
    400: 'Not a valid address or role',
    ...adminCommandErrors,
    409: 'The address already belongs to a staff member',
  },
});

const roleDoc = apiSchema({
  summary: "Change a staff member's role (owner); their open sessions take it at once",
  tags: ['admin', 'staff'],
  security: ['admin'],
  params: StaffIdParams,
  body: StaffRoleBody,
  ok: { 200: { description: 'The role now', schema: StaffAnswer } },
  errors: { 400: 'Not a valid role', ...adminCommandErrors, 404: 'No such staff member' },
});

const removeDoc = apiSchema({
  summary: 'Remove a staff member (owner): every session of theirs ends at once',
  tags: ['admin', 'staff'],
  security: ['admin'],
  params: StaffIdParams,
  ok: { 200: { description: 'Removed', schema: z.object({ message: z.string() }) } },
  errors: { ...adminCommandErrors, 404: 'No such staff member' },
});

const staffIdFrom = (request: FastifyRequest): string => {
  const { staffId } = StaffIdParams.parse(request.params);
  if (!staffIdPattern.test(staffId)) throw new HttpError(404, staffMessages.notFound);
  return staffId;
};

/**
 * The owner's staff management (the permission table lets only the owner in):
 * POST /api/admin/staff {email, role} invites (StaffInvited; the mail reactor sends the link),
 * PUT /api/admin/staff/{staffId}/role {role} changes the role, DELETE /api/admin/staff/{staffId}
 * removes. The sessions table follows each change after the append: a removed member's next
 * request is a 401, a changed role applies to their next request.
 */
export const staffAdminRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const limited = adminRateLimit(deps);

  app.post('/api/admin/staff', { preHandler: limited, schema: inviteDoc }, async (request, reply) => {
    const admin = requireAdmin(request);
    const input = parseBody(InviteStaffBody, request.body);
    // The address's staff claim, or a new one with a random id: an address invited again (after
    // a removal) keeps its stream, and no secret names it, so a new APP_SECRET keeps it too.
    const staffId = await deps.vault.claimStaffMember(
      deps.vault.addressDigest(input.email),
      randomBytes(16).toString('hex'),
    );
    // The event id is chosen up front: the link token is derived from it.
    const eventId = randomUUID();
    const invitation = staffInvitationToken(deps.options.secret, staffId, eventId);
    const accountId = randomUUID();
    const encryptedEmail = await deps.vault.encrypt(accountId, input.email);
    try {
      const result = await handleCommand(
        deps.store,
        streams.staff(staffId),
        staffDecider,
        command(
          'InviteStaff',
          { accountId, encryptedEmail, role: input.role, tokenDigest: invitation.digest },
          deps.clock(),
        ),
        commandContext(request, adminActor(admin)),
        { eventIds: () => eventId },
      );
      return withPosition(reply.status(201), deps, result.position).send({
        staff_id: staffId,
        role: input.role,
        // Testing aid only (EXPOSE_VERIFICATION_TOKEN), like the signup's.
        ...(deps.options.exposeVerificationToken ? { invitation_token: invitation.token } : {}),
      });
    } catch (error) {
      // Nothing was recorded under the fresh key: it seals nothing that was kept.
      await deps.vault.destroy(accountId);
      throw error;
    }
  });

  app.put(
    '/api/admin/staff/:staffId/role',
    { preHandler: limited, schema: roleDoc },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const staffId = staffIdFrom(request);
      const { role } = parseBody(StaffRoleBody, request.body);
      const result = await handleCommand(
        deps.store,
        streams.staff(staffId),
        staffDecider,
        command('ChangeStaffRole', { role }, deps.clock()),
        commandContext(request, adminActor(admin)),
      );
      await deps.adminAuth.changeStaffRole({ staffId, role });
      return withPosition(reply, deps, result.position).send({ staff_id: staffId, role });
    },
  );

  app.delete(
    '/api/admin/staff/:staffId',
    { preHandler: limited, schema: removeDoc },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const staffId = staffIdFrom(request);
      const result = await handleCommand(
        deps.store,
        streams.staff(staffId),
        staffDecider,
        command('RemoveStaff', {}, deps.clock()),
        commandContext(request, adminActor(admin)),
      );
      await deps.adminAuth.endStaffSessions(staffId);
      return withPosition(reply, deps, result.position).send({ message: 'Staff member removed' });
    },
  );
};
