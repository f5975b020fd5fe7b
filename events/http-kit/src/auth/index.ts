/** Secrets and tokens (`@nocturne/http-kit/auth`): the admin authentication, user session and link tokens, the age-assurance policy and visitor token. */
export * from './admin-authenticator';
export * from './admin-password';
export * from './age-policy';
export * from './age-token';
export * from './derived-token';
export * from './guess-throttle';
export * from './user-token';
