import { answerOf, publicClient } from '../api/typed-client';
import type { SessionUser } from './auth-context';

/** The /api/auth/* commands, the password reset included. */

export interface SignupAnswer {
  message?: string;
  /** Testing aid (EXPOSE_VERIFICATION_TOKEN). */
  verification_token?: string;
}

export function signup(input: { email: string; password: string }): Promise<SignupAnswer> {
  return answerOf(publicClient.POST('/api/auth/signup', { body: { ...input, age_confirmed: true } }));
}

export function login(input: {
  email: string;
  password: string;
}): Promise<{ token: string; user: SessionUser }> {
  return answerOf(publicClient.POST('/api/auth/login', { body: input }));
}

export function requestPasswordReset(email: string): Promise<{ message?: string }> {
  return answerOf(publicClient.POST('/api/auth/request-password-reset', { body: { email } }));
}

export function resetPassword(token: string, password: string): Promise<{ message?: string }> {
  return answerOf(publicClient.POST('/api/auth/reset-password', { body: { token, password } }));
}
