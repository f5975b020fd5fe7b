/**
 * Shared HTTP plumbing of both APIs (`@nocturne/http-kit`): errors, admin check, params, Bearer,
 * and the one-call-in-flight-per-key helper both servers share.
 */

export * from './auth/require-admin';
export * from './flight/single-flight';
export * from './http/api-schema';
export * from './http/bearer';
export * from './http/cached-body';
export * from './http/closing-answer';
export * from './http/database-unavailable';
export * from './http/errors';
export * from './http/hot-answer';
export * from './http/integrity-check-answer';
export * from './http/limit-requests';
export * from './http/prepared-answer';
export * from './http/reading-answer';
export * from './http/request-span';
export * from './http/storable-text';
export * from './http/story-id';
