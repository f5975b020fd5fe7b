import type { FastifyPluginAsync } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { loginRoutes } from './login';
import { logoutRoutes } from './logout';
import { passwordResetRoutes } from './password-reset';
import { signupRoutes } from './signup';
import { verifyEmailRoutes } from './verify-email';

/**
 * The accounts feature's commands: /api/auth/signup, verify-email, login, logout,
 * request-password-reset and reset-password. Its rate limits use the @fastify/rate-limit
 * registered (with `global: false`) in app.ts.
 */
export const accountRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  await app.register(signupRoutes, deps);
  await app.register(verifyEmailRoutes, deps);
  await app.register(loginRoutes, deps);
  await app.register(logoutRoutes, deps);
  await app.register(passwordResetRoutes, deps);
};
