import {
  accountMessages,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '@nocturne/domain';
import { normaliseEmail } from '@nocturne/events';
import { HttpError } from '@nocturne/http-kit';
import { z } from 'zod';

/**
 * Bodies of the /api/auth/* commands. Messages are for people (the SPA shows the detail as it
 * is), so a refusal reads "Password must be at least 6 characters", not a schema path.
 */
export const Email = z
  .string({ error: accountMessages.emailRequired })
  .transform(normaliseEmail)
  .pipe(
    z
      .string()
      .min(1, accountMessages.emailRequired)
      .max(MAX_EMAIL_LENGTH, accountMessages.emailTooLong)
      .pipe(z.email(accountMessages.emailInvalid)),
  );

/** Taken exactly as typed: never trimmed or altered. */
const NewPassword = z
  .string({ error: accountMessages.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, accountMessages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, accountMessages.passwordTooLong);

const Token = z
  .string({ error: accountMessages.tokenRequired })
  .min(1, accountMessages.tokenRequired)
  .max(200, accountMessages.invalidToken);

const body = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object(shape, { error: accountMessages.bodyNotObject });

export const SignupBody = body({
  email: Email,
  password: NewPassword,
  age_confirmed: z.literal(true, { error: accountMessages.ageNotConfirmed }),
});

export const LoginBody = body({
  email: Email,
  // Any string may be tried (capped only so nobody feeds argon2 megabytes).
  password: z
    .string({ error: accountMessages.passwordRequired })
    .min(1, accountMessages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, accountMessages.invalidCredentials),
});

export const VerifyEmailBody = body({ token: Token });
export const PasswordResetRequestBody = body({ email: Email });
export const ResetPasswordBody = body({ token: Token, password: NewPassword });

/** Parses a body or refuses with 400 and the first problem, phrased for a person. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
}
