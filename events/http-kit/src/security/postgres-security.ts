import { createPool, installSchema } from '@nocturne/pg-kit';
import type pg from 'pg';
import { PostgresAdminSessions } from './admin-sessions';
import { PostgresRateLimiter } from './postgres-rate-limiter';

/**
 * The schema `security`: rate-limit counters and admin sessions. It lives beside the event
 * store and the PII vault, outside the read-model schema (which `rebuild` swaps), so neither a
 * rebuild nor a restart forgets a limit or a session, and every replica shares them.
 *
 * The counters' table is unlogged: a count is written on every search and every login, and a
 * write to a logged table waits for the disk and, with a synchronous standby, for the standby,
 * which a count is not worth. PostgreSQL empties an unlogged table after a crash of the database
 * and on a promoted standby: every window then starts again, as it would a minute later.
 */
export const securitySchemaSql = `
create schema if not exists security;
create unlogged table if not exists security.rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);
alter table security.rate_limits set unlogged;
create index if not exists rate_limits_window_start on security.rate_limits (window_start);
create table if not exists security.admin_sessions (
  digest text primary key,
  session text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
alter table security.admin_sessions add column if not exists staff_id text;
alter table security.admin_sessions add column if not exists role text not null default 'owner';
create index if not exists admin_sessions_staff_id on security.admin_sessions (staff_id) where staff_id is not null;`;

export interface PostgresSecurity {
  limiter: PostgresRateLimiter;
  adminSessions: PostgresAdminSessions;
  close(): Promise<void>;
}

/** Creates the schema if needed (under an advisory lock: several processes may start at once). */
export async function connectSecurity(
  connectionString: string,
  clock: () => Date,
): Promise<PostgresSecurity> {
  const pool: pg.Pool = createPool({ connectionString, max: 4 });
  await installSchema(pool, 8202613, securitySchemaSql);
  return {
    limiter: new PostgresRateLimiter(pool, clock),
    adminSessions: new PostgresAdminSessions(pool, clock),
    close: () => pool.end(),
  };
}
