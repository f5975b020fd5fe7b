import { answerOf, publicClient } from '../api/typed-client';

/** The /api/auth/* commands, the password reset included. */

export function signup(input: { email: string; password: string }) {
  return answerOf(publicClient.POST('/api/auth/signup', { body: { ...input, age_confirmed: true } }));
}

export function login(input: { email: string; password: string }) {
  return answerOf(publicClient.POST('/api/auth/login', { body: input }));
}

export function requestPasswordReset(email: string) {
  return answerOf(publicClient.POST('/api/auth/request-password-reset', { body: { email } }));
}

export function resetPassword(token: string, password: string) {
  return answerOf(publicClient.POST('/api/auth/reset-password', { body: { token, password } }));
}
