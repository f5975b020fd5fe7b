import { api } from '../api/client';
import type { SessionUser } from './auth-context';

/** The /api/auth/* commands, the password reset included. */

export interface SignupAnswer {
  message?: string;
  /** Testing aid (EXPOSE_VERIFICATION_TOKEN). */
  verification_token?: string;
}

export function signup(input: { email: string; password: string }): Promise<SignupAnswer> {
  return api<SignupAnswer>('/api/auth/signup', {
    method: 'POST',
    body: { ...input, age_confirmed: true },
    token: null,
  });
}

export function login(input: {
  email: string;
  password: string;
}): Promise<{ token: string; user: SessionUser }> {
  return api('/api/auth/login', { method: 'POST', body: input, token: null });
}

export function verifyEmail(token: string): Promise<{ email?: string; message?: string }> {
  return api('/api/auth/verify-email', { method: 'POST', body: { token }, token: null });
}

export function requestPasswordReset(email: string): Promise<{ message?: string }> {
  return api('/api/auth/request-password-reset', { method: 'POST', body: { email }, token: null });
}

export function resetPassword(token: string, password: string): Promise<{ message?: string }> {
  return api('/api/auth/reset-password', { method: 'POST', body: { token, password }, token: null });
}
