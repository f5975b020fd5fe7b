/** Wake-up notifications (`@nocturne/notify`): the port and its NATS and PostgreSQL adapters. */

export * from './memory-notifier';
export * from './nats-notifier';
export * from './notifier';
export * from './postgres-notifier';
