/** Rate limits and admin sessions (`@nocturne/http-kit/security`), in PostgreSQL or, for tests, in memory. */
export * from './admin-sessions';
export * from './memory-admin-sessions';
export * from './memory-rate-limiter';
export * from './postgres-security';
export * from './rate-limiter';
