/** Shared HTTP plumbing of both APIs (`@nocturne/http-kit`): errors, admin check, params, Bearer. */

export * from './auth/require-admin';
export * from './http/api-schema';
export * from './http/bearer';
export * from './http/cached-body';
export * from './http/database-unavailable';
export * from './http/errors';
export * from './http/limit-requests';
export * from './http/prepared-answer';
export * from './http/storable-text';
export * from './http/story-id';
