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
import { loadStaffState } from './load-staff';
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

const resetDoc = apiSchema({
  summary:
    "Reset a staff member's second factor (owner): their secret and recovery codes are void, their sessions end, and a re-enrolment link is mailed",
  tags: ['admin', 'staff'],
  security: ['admin'],
  params: StaffIdParams,
  ok: { 200: { description: 'Reset: the link is mailed', schema: InvitedAnswer } },
  errors: { ...adminCommandErrors, 404: 'No such staff member' },
});

const resetAllDoc = apiSchema({
  summary: "Reset every staff member's second factor (owner): each gets a re-enrolment link",
  tags: ['admin', 'staff'],
  security: ['admin'],
  ok: {
    200: {
      description: 'The members reset (removed ones are left as they are)',
      schema: z.object({ reset: z.number().int() }),
    },
  },
  errors: adminCommandErrors,
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
 * removes, POST /api/admin/staff/{staffId}/second-factor/reset (or, for everyone,
 * /api/admin/staff/second-factor/reset) voids a second factor and mails a re-enrolment link. The sessions table follows each change after the append: a removed member's next
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

  /**
   * One member's reset: the link's token is derived from the reset event's id, as an
   * invitation's, and the mail reactor sends it. Sessions end after the append, like a removal's.
   */
  const resetSecondFactor = async (request: FastifyRequest, staffId: string) => {
    const admin = requireAdmin(request);
    const eventId = randomUUID();
    const link = staffInvitationToken(deps.options.secret, staffId, eventId);
    const result = await handleCommand(
      deps.store,
      streams.staff(staffId),
      staffDecider,
      command('ResetStaffSecondFactor', { tokenDigest: link.digest }, deps.clock()),
      commandContext(request, adminActor(admin)),
      { eventIds: () => eventId },
    );
    await deps.adminAuth.endStaffSessions(staffId);
    return { position: result.position, token: link.token };
  };

  app.post(
    '/api/admin/staff/:staffId/second-factor/reset',
    { preHandler: limited, schema: resetDoc },
    async (request, reply) => {
      const staffId = staffIdFrom(request);
      const reset = await resetSecondFactor(request, staffId);
      const state = await loadStaffState(deps.store, staffId);
      return withPosition(reply, deps, reset.position).send({
        staff_id: staffId,
        role: state.role!,
        // Testing aid only (EXPOSE_VERIFICATION_TOKEN), like the invitation's.
        ...(deps.options.exposeVerificationToken ? { invitation_token: reset.token } : {}),
      });
    },
  );

  app.post(
    '/api/admin/staff/second-factor/reset',
    { preHandler: limited, schema: resetAllDoc },
    async (request, reply) => {
      requireAdmin(request);
      // Every member the owner ever invited, through the vault's staff claims; a removed one is
      // not found by the decider and left alone.
      let position: number | null = null;
      let reset = 0;
      for (const staffId of await deps.vault.staffMembers()) {
        const state = await loadStaffState(deps.store, staffId);
        if (state.status !== 'active' && state.status !== 'invited') continue;
        position = (await resetSecondFactor(request, staffId)).position;
        reset++;
      }
      return (position === null ? reply : withPosition(reply, deps, position)).send({ reset });
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
