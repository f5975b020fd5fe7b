import type { FastifyPluginAsync } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { loginRoutes } from './login';
import { logoutRoutes } from './logout';
import { passwordResetRoutes } from './password-reset';
import { signupRoutes } from './signup';
import { verifyEmailRoutes } from './verify-email';

/**
 * The accounts feature's commands: /api/auth/signup, verify-email, login, logout,
 * request-password-reset and reset-password. Their rate limits (users/rate-limits.ts) count in
 * the shared limiter (`perMinute` of the HTTP kit, kept in PostgreSQL), so every
 * process and replica counts the same client's attempts together.
 */
export const accountRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  await app.register(signupRoutes, deps);
  await app.register(verifyEmailRoutes, deps);
  await app.register(loginRoutes, deps);
  await app.register(logoutRoutes, deps);
  await app.register(passwordResetRoutes, deps);
};
