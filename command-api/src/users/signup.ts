import { randomBytes, randomUUID } from 'node:crypto';
import { accountMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError, perMinute } from '@nocturne/http-kit';
import { type AddressHolder, userKeyOfAddress } from '@nocturne/vault';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { chosenId, commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { accountDecider } from './account-decider';
import { parseBody, SignupBody } from './account-input';
import { loadUserState } from './load-user';
import { oneTimeToken } from './one-time-token';
import { hashPassword } from './password';
import { rateLimitsOf } from './rate-limits';

export { VERIFICATION_TTL_MS } from './account-decider';

export const signupAnswer = 'Please check your email to verify your account.';

const signupDoc = apiSchema({
  summary: 'Sign up; a mail with a verification link follows',
  tags: ['accounts'],
  body: SignupBody,
  ok: {
    200: {
      description: 'The same answer for every address (no account enumeration)',
      schema: z.object({ message: z.string(), verification_token: z.string().optional() }),
    },
  },
  errors: {
    400: 'The body is not a valid signup: the first problem, e.g. "Password must be at least 6 characters"',
    429: 'Too many signups from this client (Retry-After)',
  },
});

/**
 * The account a signup of this address lands in: the one that holds the address, or else a new
 * one, whose random stream key and account id are claimed for the address in the vault before
 * anything is appended (so erasing it releases the address).
 */
async function accountForSignup(deps: CommandApiDeps, email: string): Promise<AddressHolder> {
  const located = await userKeyOfAddress(deps.vault, email);
  if (located.holder) return located.holder;
  return deps.vault.claimAddress(located.addressDigest, {
    userKey: randomBytes(16).toString('hex'),
    accountId: randomUUID(),
  });
}

/**
 * POST /api/auth/signup {email, password, age_confirmed}. The account's stream `user-{key}` is
 * appended with the revision that was read ('no_stream' for a new account), so of two concurrent
 * signups of one address only one registers (both find the same claim: accountForSignup). A signup of an unverified address replaces its password
 * and voids its earlier links (pre-account takeover); of a verified one, it becomes a mail to
 * the owner. Every case answers the same (no account enumeration) and costs the same (one
 * argon2 hash).
 */
export const signupRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const perIp = perMinute(deps.limiter, 'signup', rateLimitsOf(deps.options).signupPerMinute, (r) => r.ip);

  app.post('/api/auth/signup', { preHandler: perIp, schema: signupDoc }, async (request, reply) => {
    const input = parseBody(SignupBody, request.body);
    const { userKey, accountId: claimedAccountId } = await accountForSignup(deps, input.email);
    const passwordHash = await hashPassword(input.password);
    // The event id is chosen up front: the link token is derived from it (one-time-token.ts).
    const context = commandContext(request, { kind: 'anonymous' });
    const grantEventId = chosenId(context, streams.user(userKey));
    const verification = oneTimeToken(deps.options.secret, 'verify', userKey, grantEventId);
    for (let attempt = 1; ; attempt++) {
      // The fields are encrypted for the account they will land in: the address's unverified
      // account (its credentials are replaced) or a fresh one.
      const state = await loadUserState(deps.store, userKey);
      const pending = state.status === 'registered' && !state.verified ? state.accountId : null;
      // A claimed account whose stream is still empty (its first signup failed to append) is new.
      const claimed = state.status === 'none' ? claimedAccountId : null;
      const accountId = pending ?? claimed ?? randomUUID();
      // A key made for this attempt alone (a duplicate signup's) is destroyed after it.
      const throwaway = pending === null && claimed === null;
      const [encryptedEmail, encryptedPasswordHash] = await Promise.all([
        deps.vault.encrypt(accountId, input.email),
        deps.vault.encrypt(accountId, passwordHash),
      ]);
      try {
        const result = await handleCommand(
          deps.store,
          streams.user(userKey),
          accountDecider,
          command(
            'SignUp',
            {
              accountId,
              accountIsNew: pending === null,
              encryptedEmail,
              encryptedPasswordHash,
              ageConfirmed: input.age_confirmed,
              verificationDigest: verification.digest,
            },
            deps.clock(),
          ),
          context,
          { eventIds: () => grantEventId },
        );
        // No new account: the key made for it encrypts nothing that was kept.
        if (throwaway && result.events[0]?.type !== 'UserRegistered') await deps.vault.destroy(accountId);
        const granted = result.events.some((e) => e.type !== 'DuplicateSignupAttempted');
        return withPosition(reply, deps, result.position).send({
          message: signupAnswer,
          // Testing aid only (EXPOSE_VERIFICATION_TOKEN); it exists only when a link was granted.
          ...(deps.options.exposeVerificationToken && granted
            ? { verification_token: verification.token }
            : {}),
        });
      } catch (error) {
        // Another signup of this address changed its account meanwhile: encrypt for the new state.
        const raced = error instanceof HttpError && error.detail === accountMessages.signupRaced;
        if (throwaway) await deps.vault.destroy(accountId);
        if (!raced || attempt >= 5) throw error;
      }
    }
  });
};
