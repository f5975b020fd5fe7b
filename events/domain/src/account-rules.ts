/** What an e-mail address and a new password must be (both sides check). */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_EMAIL_LENGTH = 254;

/**
 * Answers shown to people as they are: the form's own checks and the server's refusals use the
 * same words.
 */
export const accountMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email address is too long',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  passwordsDiffer: 'Passwords do not match',
  ageNotConfirmed: 'You must confirm that you are 18+ years old to continue',
  tokenRequired: 'Token is required',
  invalidToken: 'Invalid token',
  bodyNotObject: 'The request body must be a JSON object',
  invalidCredentials: 'Invalid email or password',
  notVerified:
    'Please verify your email address before logging in. Check your inbox for the verification link.',
  notAuthenticated: 'Not authenticated',
  // A verification detail contains "expired" only when the link has expired: the page keys on it.
  verificationUnknown: 'This verification link is not valid.',
  verificationUsed: 'This verification link has already been used.',
  verificationExpired: 'This verification link has expired.',
  resetUnknown: 'This password reset link is not valid.',
  resetUsed: 'This password reset link has already been used.',
  resetExpired: 'This password reset link has expired. Please request a new one.',
  userNotFound: 'User not found',
  // Only when another signup of the same address changed the account meanwhile (handled by a retry).
  signupRaced: 'This address is being signed up right now. Please try again.',
  alreadyVerified: 'Email is already verified',
} as const;

// The shape the browser's own type="email" check accepts (WHATWG "valid e-mail address").
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The form's check of an address as typed (the server normalises, then checks again). */
export function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return accountMessages.emailRequired;
  if (!emailPattern.test(trimmed)) return accountMessages.emailInvalid;
  return undefined;
}

/** A new password is taken exactly as typed: never trimmed or altered. */
export function newPasswordError(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return accountMessages.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return accountMessages.passwordTooLong;
  return undefined;
}

/**
 * The account as the API shows it to its owner: the `user` of POST /api/auth/login and the
 * answer of GET /api/auth/me.
 */
export interface AccountSummary {
  email: string;
  is_subscribed: boolean;
  premium_stories_remaining: number;
}
