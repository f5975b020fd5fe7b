import {
  accountMessages,
  MAX_PASSWORD_LENGTH,
  MIN_STAFF_PASSWORD_LENGTH,
  STAFF_ROLES,
  staffMessages,
} from '@nocturne/domain';
import { z } from 'zod';
import { Email } from '../users/account-input';

/** Bodies of the staff routes; messages are for people, like the account forms'. */
const body = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object(shape, { error: accountMessages.bodyNotObject });

const Role = z.enum(STAFF_ROLES, { error: staffMessages.roleInvalid });

const Token = z
  .string({ error: accountMessages.tokenRequired })
  .min(1, accountMessages.tokenRequired)
  .max(200, staffMessages.invitationUnknown);

const Code = z
  .string({ error: staffMessages.codeRequired })
  .min(1, staffMessages.codeRequired)
  .max(40, staffMessages.codeInvalid);

export const InviteStaffBody = body({ email: Email, role: Role });
export const StaffRoleBody = body({ role: Role });
export const StaffIdParams = z.object({ staffId: z.string() });

export const InvitationBody = body({ token: Token });
export const InvitationPasswordBody = body({
  token: Token,
  password: z
    .string({ error: accountMessages.passwordRequired })
    .min(MIN_STAFF_PASSWORD_LENGTH, staffMessages.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH, accountMessages.passwordTooLong),
});
export const InvitationSecondFactorBody = body({ token: Token, code: Code });

export const StaffLoginBody = body({
  email: Email,
  password: z
    .string({ error: accountMessages.passwordRequired })
    .min(1, accountMessages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, staffMessages.invalidLogin),
  code: Code,
});

/** A staff id as the server makes them (32 hex digits); anything else is no staff member. */
export const staffIdPattern = /^[0-9a-f]{32}$/;
