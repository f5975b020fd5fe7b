import { refuse, STAFF_INVITATION_TTL_MS, type StaffRoleName, staffMessages } from '@nocturne/domain';
import type { EventOf, RecordedEvent } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type StaffEvent = EventOf<
  | 'StaffInvited'
  | 'StaffPasswordSet'
  | 'StaffTotpSecretIssued'
  | 'StaffSecondFactorEnrolled'
  | 'StaffSecondFactorReset'
  | 'StaffLoggedIn'
  | 'StaffRoleChanged'
  | 'StaffRemoved'
>;

/**
 * One staff member's stream folded: `invited` until the second factor is enrolled (no session
 * may be opened before), then `active`, until removed; a reset of the second factor makes an
 * active member `invited` again (password and role kept) until they enrol anew through its link.
 * A removed address may be invited again.
 */
export interface StaffState {
  status: 'none' | 'invited' | 'active' | 'removed';
  accountId: string | null;
  /** Sealed fields, as recorded (the handler opens them with the vault). */
  encryptedEmail: string | null;
  encryptedPasswordHash: string | null;
  encryptedTotpSecret: string | null;
  /** The secret offered at the latest opening of the invitation, not enrolled yet. */
  offeredTotpSecret: string | null;
  role: StaffRoleName | null;
  invitation: { tokenDigest: string; expiresAt: string } | null;
  /** The digests of the recovery codes not spent yet. */
  recoveryCodes: ReadonlySet<string>;
  /** The time step of the last TOTP code accepted: a code is good for one login. */
  lastTotpStep: number;
}

export const initialStaffState = (): StaffState => ({
  status: 'none',
  accountId: null,
  encryptedEmail: null,
  encryptedPasswordHash: null,
  encryptedTotpSecret: null,
  offeredTotpSecret: null,
  role: null,
  invitation: null,
  recoveryCodes: new Set(),
  lastTotpStep: -1,
});

export function evolveStaff(state: StaffState, event: StaffEvent | RecordedEvent<StaffEvent>): StaffState {
  switch (event.type) {
    case 'StaffInvited':
      return {
        ...initialStaffState(),
        status: 'invited',
        accountId: event.data.accountId,
        encryptedEmail: event.data.email,
        role: event.data.role,
        invitation: event.data.invitation,
      };
    case 'StaffPasswordSet':
      return { ...state, encryptedPasswordHash: event.data.passwordHash };
    case 'StaffTotpSecretIssued':
      return { ...state, offeredTotpSecret: event.data.totpSecret };
    case 'StaffSecondFactorEnrolled':
      return {
        ...state,
        status: 'active',
        encryptedTotpSecret: event.data.totpSecret,
        offeredTotpSecret: null,
        recoveryCodes: new Set(event.data.recoveryCodeDigests),
      };
    case 'StaffSecondFactorReset':
      return {
        ...state,
        status: 'invited',
        invitation: event.data.invitation,
        encryptedTotpSecret: null,
        offeredTotpSecret: null,
        recoveryCodes: new Set(),
      };
    case 'StaffLoggedIn': {
      const spent = event.data.recoveryCodeDigest;
      const recoveryCodes = spent
        ? new Set([...state.recoveryCodes].filter((digest) => digest !== spent))
        : state.recoveryCodes;
      return { ...state, recoveryCodes, lastTotpStep: event.data.totpStep ?? state.lastTotpStep };
    }
    case 'StaffRoleChanged':
      return { ...state, role: event.data.role };
    case 'StaffRemoved':
      return { ...state, status: 'removed', invitation: null };
  }
}

/**
 * The staff commands. Hashing, sealing, random codes and the TOTP check are the handler's (they
 * need I/O or the vault); they arrive here as values.
 */
export type InviteStaff = Command<
  'InviteStaff',
  { accountId: string; encryptedEmail: string; role: StaffRoleName; tokenDigest: string }
>;
export type SetStaffPassword = Command<
  'SetStaffPassword',
  { tokenDigest: string; encryptedPasswordHash: string }
>;
/** The handler drew a random secret and sealed it; it is shown once, to the link's holder. */
export type IssueStaffTotpSecret = Command<
  'IssueStaffTotpSecret',
  { tokenDigest: string; encryptedTotpSecret: string }
>;
export type EnrolStaffSecondFactor = Command<
  'EnrolStaffSecondFactor',
  {
    tokenDigest: string;
    /** The sealed secret offered that the code was checked against: a newer offer refuses. */
    encryptedTotpSecret: string;
    recoveryCodeDigests: string[];
    /** Whether the code typed matches the secret (checked by the handler with the TOTP library). */
    codeMatches: boolean;
  }
>;
export type LogInStaff = Command<
  'LogInStaff',
  {
    /** The sealed hash the password was checked against: a change in between refuses. */
    checkedPasswordHash: string;
    /** The TOTP time step the code matched, or the digest of the recovery code given. */
    secondFactor: { totpStep: number } | { recoveryCodeDigest: string };
  }
>;
export type ChangeStaffRole = Command<'ChangeStaffRole', { role: StaffRoleName }>;
/** The link's digest (its token derived from the event's id, chosen by the handler). */
export type ResetStaffSecondFactor = Command<'ResetStaffSecondFactor', { tokenDigest: string }>;
export type RemoveStaff = Command<'RemoveStaff', Record<string, never>>;

export type StaffCommand =
  | InviteStaff
  | SetStaffPassword
  | IssueStaffTotpSecret
  | EnrolStaffSecondFactor
  | LogInStaff
  | ChangeStaffRole
  | ResetStaffSecondFactor
  | RemoveStaff;

/** Whether an invitation link still opens this state's invitation (before the second factor). */
export function invitationRefusal(state: StaffState, tokenDigest: string, now: Date) {
  if (state.invitation?.tokenDigest !== tokenDigest || state.status === 'removed')
    return refuse('invalid', staffMessages.invitationUnknown);
  if (state.status === 'active') return refuse('invalid', staffMessages.invitationUsed);
  if (Date.parse(state.invitation.expiresAt) <= now.getTime())
    return refuse('invalid', staffMessages.invitationExpired);
  return null;
}

export function decideStaff(command: StaffCommand, state: StaffState): Decision<StaffEvent> {
  const { now } = command.metadata;
  switch (command.type) {
    case 'InviteStaff': {
      if (state.status === 'invited' || state.status === 'active')
        return refuse('conflict', staffMessages.alreadyStaff);
      const expiresAt = new Date(now.getTime() + STAFF_INVITATION_TTL_MS).toISOString();
      return [
        {
          type: 'StaffInvited',
          data: {
            accountId: command.data.accountId,
            email: command.data.encryptedEmail,
            role: command.data.role,
            invitation: { tokenDigest: command.data.tokenDigest, expiresAt },
          },
        },
      ];
    }
    case 'SetStaffPassword': {
      const refused = invitationRefusal(state, command.data.tokenDigest, now);
      if (refused) return refused;
      return [
        {
          type: 'StaffPasswordSet',
          data: { tokenDigest: command.data.tokenDigest, passwordHash: command.data.encryptedPasswordHash },
        },
      ];
    }
    case 'IssueStaffTotpSecret': {
      const refused = invitationRefusal(state, command.data.tokenDigest, now);
      if (refused) return refused;
      return [
        {
          type: 'StaffTotpSecretIssued',
          data: { tokenDigest: command.data.tokenDigest, totpSecret: command.data.encryptedTotpSecret },
        },
      ];
    }
    case 'EnrolStaffSecondFactor': {
      const refused = invitationRefusal(state, command.data.tokenDigest, now);
      if (refused) return refused;
      if (state.encryptedPasswordHash === null) return refuse('invalid', staffMessages.passwordFirst);
      // A code for a secret offered before the latest opening (another tab, a reload) is refused:
      // only the secret last shown can be enrolled.
      if (!command.data.codeMatches || state.offeredTotpSecret !== command.data.encryptedTotpSecret)
        return refuse('invalid', staffMessages.codeInvalid);
      return [
        {
          type: 'StaffSecondFactorEnrolled',
          data: {
            tokenDigest: command.data.tokenDigest,
            totpSecret: command.data.encryptedTotpSecret,
            recoveryCodeDigests: command.data.recoveryCodeDigests,
          },
        },
      ];
    }
    case 'LogInStaff': {
      const { secondFactor, checkedPasswordHash } = command.data;
      if (state.status !== 'active' || state.encryptedPasswordHash !== checkedPasswordHash)
        return refuse('unauthenticated', staffMessages.invalidLogin);
      if ('totpStep' in secondFactor) {
        // A code already used (or an older one) is refused: a code seen over a shoulder or
        // replayed from a log opens nothing.
        if (secondFactor.totpStep <= state.lastTotpStep)
          return refuse('unauthenticated', staffMessages.invalidLogin);
        return [
          { type: 'StaffLoggedIn', data: { totpStep: secondFactor.totpStep, recoveryCodeDigest: null } },
        ];
      }
      if (!state.recoveryCodes.has(secondFactor.recoveryCodeDigest))
        return refuse('unauthenticated', staffMessages.invalidLogin);
      return [
        {
          type: 'StaffLoggedIn',
          data: { totpStep: null, recoveryCodeDigest: secondFactor.recoveryCodeDigest },
        },
      ];
    }
    case 'ChangeStaffRole': {
      if (state.status === 'none' || state.status === 'removed')
        return refuse('not_found', staffMessages.notFound);
      if (state.role === command.data.role) return [];
      return [{ type: 'StaffRoleChanged', data: { role: command.data.role } }];
    }
    case 'ResetStaffSecondFactor': {
      if (state.status === 'none' || state.status === 'removed' || state.encryptedEmail === null)
        return refuse('not_found', staffMessages.notFound);
      const expiresAt = new Date(now.getTime() + STAFF_INVITATION_TTL_MS).toISOString();
      return [
        {
          type: 'StaffSecondFactorReset',
          data: {
            email: state.encryptedEmail,
            invitation: { tokenDigest: command.data.tokenDigest, expiresAt },
          },
        },
      ];
    }
    case 'RemoveStaff': {
      if (state.status === 'none' || state.status === 'removed')
        return refuse('not_found', staffMessages.notFound);
      return [{ type: 'StaffRemoved', data: {} }];
    }
  }
}

/** Invitation, credentials, logins, second-factor resets, role and removal over one `staff-{staffId}` stream. */
export const staffDecider: Decider<StaffCommand, StaffState, StaffEvent> = {
  initialState: initialStaffState,
  evolve: evolveStaff,
  decide: decideStaff,
};
