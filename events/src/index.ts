/**
 * The event language (`@nocturne/events`): every event type with its schema, the stream names,
 * the metadata and the codec. It loads no store adapter, no HTTP, NATS or PostgreSQL client;
 * those have their own entry points (see package.json `exports`).
 */
export * from './catalogue';
export * from './codec';
export * from './idempotency';
export * from './metadata';
export * from './streams';
