import { z } from 'zod';
import { defineEvent } from './define';
import { Digest, Encrypted, IsoTime } from './fields';

/** The roles a staff member can be invited into; the owner (the admin password) is no staff. */
export const StaffRole = z.enum(['admin', 'moderator', 'auditor']);

/**
 * The owner invites someone into a role. The stream is `staff-{staffId}`, the staff id the one the
 * address's staff claim in the vault names (random; an HMAC of the address under APP_SECRET for
 * staff invited before staff claims), so one address is one stream and two invitations of it race
 * on the stream's revision. The address is sealed under `accountId`'s key; the invitation link's token
 * is derived from this event's id (only its digest is here), and the mail reactor mails it.
 */
export const StaffInvited = defineEvent(
  'StaffInvited',
  1,
  z.object({
    accountId: z.uuid(),
    email: Encrypted,
    role: StaffRole,
    invitation: z.object({ tokenDigest: Digest, expiresAt: IsoTime }),
  }),
);

/** The invited person chose a password through the invitation link (no session yet). */
export const StaffPasswordSet = defineEvent(
  'StaffPasswordSet',
  1,
  z.object({ tokenDigest: Digest, passwordHash: Encrypted }),
);

/**
 * A TOTP secret offered to the holder of an invitation (or a re-enrolment link) as they open it:
 * random, sealed under the member's key, shown to them once. Each opening offers a new one, and
 * only the latest can be enrolled.
 */
export const StaffTotpSecretIssued = defineEvent(
  'StaffTotpSecretIssued',
  1,
  z.object({ tokenDigest: Digest, totpSecret: Encrypted }),
);

/**
 * The second factor: a TOTP secret (sealed) the person proved to hold with a code, and the
 * digests of ten one-time recovery codes. Only now may the account open a session.
 */
export const StaffSecondFactorEnrolled = defineEvent(
  'StaffSecondFactorEnrolled',
  1,
  z.object({
    tokenDigest: Digest,
    totpSecret: Encrypted,
    recoveryCodeDigests: z.array(Digest).length(10),
  }),
);

/**
 * A staff login with password and second factor. `totpStep` is the time step of the code used
 * (a code is accepted once); a recovery code is spent by naming its digest.
 */
export const StaffLoggedIn = defineEvent(
  'StaffLoggedIn',
  1,
  z.object({
    totpStep: z.number().int().nonnegative().nullable(),
    recoveryCodeDigest: Digest.nullable(),
  }),
);

/**
 * The owner reset the member's second factor: the secret and recovery codes are void, every
 * session ends, and no login is possible until the member enrols a new authenticator through the
 * link mailed to them (its token derived from this event's id, like an invitation's; the address
 * sealed here again for the mail). The password and the role stay.
 */
export const StaffSecondFactorReset = defineEvent(
  'StaffSecondFactorReset',
  1,
  z.object({ email: Encrypted, invitation: z.object({ tokenDigest: Digest, expiresAt: IsoTime }) }),
);

export const StaffRoleChanged = defineEvent('StaffRoleChanged', 1, z.object({ role: StaffRole }));

/** The owner removed the member: every session of theirs ends at once, no login is possible. */
export const StaffRemoved = defineEvent('StaffRemoved', 1, z.object({}));

export const staffEvents = [
  StaffInvited,
  StaffPasswordSet,
  StaffTotpSecretIssued,
  StaffSecondFactorEnrolled,
  StaffSecondFactorReset,
  StaffLoggedIn,
  StaffRoleChanged,
  StaffRemoved,
] as const;
