/** Secrets and tokens (`@nocturne/http-kit/auth`): the admin authentication, user session and link tokens. */
export * from './admin-authenticator';
export * from './admin-password';
export * from './derived-token';
export * from './guess-throttle';
export * from './user-token';
