/** Shared HTTP plumbing of both APIs (`@nocturne/events/http`): errors, admin check, params, Bearer. */

export * from './api-schema';
export * from './bearer';
export * from './cached-body';
export * from './database-unavailable';
export * from './errors';
export * from './limit-requests';
export * from './prepared-answer';
export * from './require-admin';
export * from './storable-text';
export * from './story-id';
