import { STAFF_ROLES, staffMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError, perMinute } from '@nocturne/http-kit';
import { locateUserToken } from '@nocturne/http-kit/auth';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { eventsOrThrow } from '../shared/refusals';
import { withPosition } from '../shared/reply';
import { parseBody } from '../users/account-input';
import { hashPassword } from '../users/password';
import { loadStaffState } from './load-staff';
import { newRecoveryCodes, newTotpSecret, recoveryCodeDigest, totpStepOf, totpUri } from './second-factor';
import { invitationRefusal, staffDecider } from './staff-decider';
import { InvitationBody, InvitationPasswordBody, InvitationSecondFactorBody } from './staff-input';

const invitationErrors = {
  400: 'The link is not valid, used or expired; or the body is not valid',
  429: 'Too many invitation requests from this client (Retry-After)',
} as const;

const openDoc = apiSchema({
  summary:
    'Open a staff invitation or re-enrolment link: the address, the role and a new TOTP secret to enrol, shown once',
  tags: ['staff'],
  body: InvitationBody,
  ok: {
    200: {
      description: 'The invitation',
      schema: z.object({
        email: z.string(),
        role: z.enum(STAFF_ROLES),
        password_set: z.boolean(),
        totp_secret: z.string(),
        totp_uri: z.string(),
      }),
    },
  },
  errors: invitationErrors,
});

const passwordDoc = apiSchema({
  summary: 'Choose the staff password (at least 12 characters) through the invitation',
  tags: ['staff'],
  body: InvitationPasswordBody,
  ok: { 200: { description: 'Set', schema: z.object({ message: z.string() }) } },
  errors: invitationErrors,
});

const secondFactorDoc = apiSchema({
  summary: 'Enrol the second factor with a code from the authenticator app; answers ten recovery codes, once',
  tags: ['staff'],
  body: InvitationSecondFactorBody,
  ok: {
    200: {
      description: 'Enrolled: the account may log in',
      schema: z.object({ recovery_codes: z.array(z.string()).length(10) }),
    },
  },
  errors: invitationErrors,
});

/**
 * The invitation link's three steps, each carrying the link's token: open it (the address, the
 * role and a TOTP secret drawn at random now, sealed under the member's key in the log and shown
 * this once: a second opening offers another, and only the latest can be enrolled), choose a
 * password, then enrol the second factor by typing a code the app shows for that secret. Only
 * then may the account log in; the ten recovery codes are answered once and kept as digests. A
 * re-enrolment link (the owner reset the second factor) is the same link with the password set.
 * Nobody is signed in yet, so these events are anonymous; their stream names the member.
 */
export const staffInvitationRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const preHandler = perMinute(deps.limiter, 'staff-invitation', 20, (request) => request.ip);

  /** The stream and digest of a live invitation's token; a 400 for any other. */
  const invitationOf = async (token: string) => {
    const located = locateUserToken(token);
    if (!located) throw new HttpError(400, staffMessages.invitationUnknown);
    const staffId = located.userKey;
    const state = await loadStaffState(deps.store, staffId);
    eventsOrThrow(invitationRefusal(state, located.digest, deps.clock()) ?? []);
    return { staffId, digest: located.digest, state };
  };

  app.post('/api/staff/invitation', { preHandler, schema: openDoc }, async (request, reply) => {
    const { token } = parseBody(InvitationBody, request.body);
    const { staffId, digest, state } = await invitationOf(token);
    const email = state.encryptedEmail ? await deps.vault.decrypt(state.encryptedEmail) : null;
    if (email === null) throw new HttpError(400, staffMessages.invitationUnknown);
    const secret = newTotpSecret();
    const result = await handleCommand(
      deps.store,
      streams.staff(staffId),
      staffDecider,
      command(
        'IssueStaffTotpSecret',
        { tokenDigest: digest, encryptedTotpSecret: await deps.vault.encrypt(state.accountId!, secret) },
        deps.clock(),
      ),
      commandContext(request, { kind: 'anonymous' }),
    );
    return withPosition(reply, deps, result.position).send({
      email,
      role: state.role,
      password_set: state.encryptedPasswordHash !== null,
      totp_secret: secret,
      totp_uri: totpUri(secret, email),
    });
  });

  app.post('/api/staff/invitation/password', { preHandler, schema: passwordDoc }, async (request, reply) => {
    const input = parseBody(InvitationPasswordBody, request.body);
    const { staffId, digest, state } = await invitationOf(input.token);
    const encryptedPasswordHash = await deps.vault.encrypt(
      state.accountId!,
      await hashPassword(input.password),
    );
    const result = await handleCommand(
      deps.store,
      streams.staff(staffId),
      staffDecider,
      command('SetStaffPassword', { tokenDigest: digest, encryptedPasswordHash }, deps.clock()),
      commandContext(request, { kind: 'anonymous' }),
    );
    return withPosition(reply, deps, result.position).send({ message: 'Password set' });
  });

  app.post(
    '/api/staff/invitation/second-factor',
    { preHandler, schema: secondFactorDoc },
    async (request, reply) => {
      const input = parseBody(InvitationSecondFactorBody, request.body);
      const { staffId, digest, state } = await invitationOf(input.token);
      const offered = state.offeredTotpSecret;
      const secret = offered ? await deps.vault.decrypt(offered) : null;
      const now = deps.clock();
      const step = secret ? await totpStepOf(secret, input.code.trim(), now) : null;
      const codes = newRecoveryCodes();
      const result = await handleCommand(
        deps.store,
        streams.staff(staffId),
        staffDecider,
        command(
          'EnrolStaffSecondFactor',
          {
            tokenDigest: digest,
            // The offer itself, as sealed: a newer offer meanwhile makes the decider refuse.
            encryptedTotpSecret: offered ?? '',
            recoveryCodeDigests: codes.map(recoveryCodeDigest),
            codeMatches: step !== null,
          },
          now,
        ),
        commandContext(request, { kind: 'anonymous' }),
      );
      return withPosition(reply, deps, result.position).send({ recovery_codes: codes });
    },
  );
};
