/** Secrets and tokens (`@nocturne/events/auth`): admin password and tokens, user session and link tokens. */
export * from './admin-code';
export * from './admin-password';
export * from './admin-token';
export * from './derived-token';
export * from './user-token';
