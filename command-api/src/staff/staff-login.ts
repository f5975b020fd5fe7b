import { staffMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError, tooMany } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { parseBody } from '../users/account-input';
import { loginThrottle } from '../users/login-throttle';
import { verifyPassword } from '../users/password';
import { loadStaffState } from './load-staff';
import { looksLikeRecoveryCode, recoveryCodeDigest, totpStepOf } from './second-factor';
import { initialStaffState, type LogInStaff, staffDecider } from './staff-decider';
import { StaffLoginBody } from './staff-input';

/** Wrong staff logins allowed per client and minute, as for the owner's password. */
export const STAFF_LOGIN_FAILURES_PER_CLIENT = 5;
const MINUTE = 60_000;

const loginDoc = apiSchema({
  summary: 'Staff login at the hidden panel: e-mail, password and a TOTP or recovery code',
  tags: ['staff'],
  body: StaffLoginBody,
  ok: {
    200: {
      description: 'The admin session token, for X-Admin-Code, and the role',
      schema: z.object({ token: z.string(), role: z.string(), staff_id: z.string() }),
    },
  },
  errors: {
    400: 'The body is not a valid login',
    401: 'Wrong e-mail, password or code (one answer for all)',
    429: 'Too many failed staff logins from this client or on this account (Retry-After)',
  },
});

/**
 * POST /api/staff/login {email, password, code}: one answer for every wrong part, so nothing
 * tells which was wrong. Guessing is throttled like the owner's password: every attempt is
 * charged as a failure before it is checked (and given back when it succeeds), per client
 * (5 a minute) and per account (the readers' login throttle: the member's own address keeps
 * getting through while a guesser is cut off). The session is the same kind the owner's
 * password opens, so the member's every request goes through the one admin authentication.
 */
export const staffLoginRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const perAccount = loginThrottle(deps.limiter, {
    loginFailuresPerAccount: 10,
    loginFailuresPerAccountAndAddress: STAFF_LOGIN_FAILURES_PER_CLIENT,
  });

  app.post('/api/staff/login', { schema: loginDoc }, async (request, reply) => {
    const clientKey = `staff-login-failures:${request.ip}`;
    const client = await deps.limiter.hit(clientKey, MINUTE);
    if (client.hits > STAFF_LOGIN_FAILURES_PER_CLIENT) throw tooMany(client.resetInMs);
    const input = parseBody(StaffLoginBody, request.body);
    const addressDigest = deps.vault.addressDigest(input.email);
    const giveBack = await perAccount(`staff:${addressDigest}`, request.ip);

    // An address never invited has no staff claim: no stream, the initial state.
    const staffId = await deps.vault.staffMemberOf(addressDigest);
    const state = staffId ? await loadStaffState(deps.store, staffId) : initialStaffState();
    const active = state.status === 'active';
    const hash =
      active && state.encryptedPasswordHash ? await deps.vault.decrypt(state.encryptedPasswordHash) : null;
    // Unknown address or not enrolled yet: the same argon2 work, the same answer.
    if (!(await verifyPassword(hash, input.password))) throw new HttpError(401, staffMessages.invalidLogin);

    const now = deps.clock();
    const code = input.code.trim();
    let secondFactor: LogInStaff['data']['secondFactor'] | null = null;
    if (/^\d{6}$/.test(code)) {
      const secret = state.encryptedTotpSecret ? await deps.vault.decrypt(state.encryptedTotpSecret) : null;
      const step = secret ? await totpStepOf(secret, code, now, state.lastTotpStep) : null;
      if (step !== null) secondFactor = { totpStep: step };
    } else if (looksLikeRecoveryCode(code)) {
      secondFactor = { recoveryCodeDigest: recoveryCodeDigest(code) };
    }
    if (!secondFactor || !state.role || !staffId) throw new HttpError(401, staffMessages.invalidLogin);

    const opened = await deps.adminAuth.openStaffSession({ staffId, role: state.role });
    let position: number;
    try {
      const result = await handleCommand(
        deps.store,
        streams.staff(staffId),
        staffDecider,
        command('LogInStaff', { checkedPasswordHash: state.encryptedPasswordHash!, secondFactor }, now),
        commandContext(request, { kind: 'admin', session: opened.session, ip: request.ip, staffId }),
      );
      position = result.position;
    } catch (error) {
      // A refused login (a code spent meanwhile, a removal) leaves no session behind.
      await deps.adminAuth.revoke(opened.token);
      throw error;
    }
    await giveBack();
    await deps.limiter.refund(clientKey, MINUTE);
    return withPosition(reply, deps, position).send({
      token: opened.token,
      role: state.role,
      staff_id: staffId,
    });
  });
};
