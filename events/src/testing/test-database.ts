// Per-test databases are a PostgreSQL helper; the store's test aids hand them on.
export * from '@nocturne/pg-kit/testing';
