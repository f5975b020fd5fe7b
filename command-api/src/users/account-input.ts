import { HttpError, normaliseEmail } from '@nocturne/events';
import { z } from 'zod';

/**
 * Bodies of the /api/auth/* commands. Messages are for people (the SPA shows the detail as it
 * is), so a refusal reads "Password must be at least 6 characters", not a schema path.
 */
const Email = z
  .string({ error: 'Email is required' })
  .transform(normaliseEmail)
  .pipe(
    z
      .string()
      .min(1, 'Email is required')
      .max(254, 'Email address is too long')
      .pipe(z.email('Please enter a valid email address')),
  );

/** Taken exactly as typed: never trimmed or altered. */
const NewPassword = z
  .string({ error: 'Password is required' })
  .min(6, 'Password must be at least 6 characters')
  .max(256, 'Password must be at most 256 characters');

const Token = z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200, 'Invalid token');

const body = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object(shape, { error: 'The request body must be a JSON object' });

export const SignupBody = body({
  email: Email,
  password: NewPassword,
  age_confirmed: z.literal(true, { error: 'You must confirm that you are 18+ years old to continue' }),
});

export const LoginBody = body({
  email: Email,
  // Any string may be tried (capped only so nobody feeds argon2 megabytes).
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(256, 'Invalid email or password'),
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
