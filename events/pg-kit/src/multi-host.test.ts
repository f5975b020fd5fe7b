import { describe, expect, it } from 'vitest';
import { parseMultiHostUrl } from './multi-host';
import { DURABLE_SESSION_OPTION, durableConnection } from './pg-pool';

describe('a connection string that names several hosts', () => {
  it('gives each host and port in order, the first as the URL node-postgres parses, read-write by default', () => {
    expect(parseMultiHostUrl('postgres://app:secret@db-a:5433,db-b/nocturne?sslmode=disable')).toEqual({
      hosts: [
        { host: 'db-a', port: 5433 },
        { host: 'db-b', port: 5432 },
      ],
      single: 'postgres://app:secret@db-a:5433/nocturne?sslmode=disable',
      targetSessionAttrs: 'read-write',
    });
  });

  it('reads target_session_attrs and keeps it away from the server', () => {
    const url = parseMultiHostUrl(
      'postgresql://db-a:1,[::1]:2/n?target_session_attrs=any&application_name=x',
    );
    expect(url?.targetSessionAttrs).toBe('any');
    expect(url?.hosts).toEqual([
      { host: 'db-a', port: 1 },
      { host: '::1', port: 2 },
    ]);
    expect(url?.single).toBe('postgresql://db-a:1/n?application_name=x');
  });

  it('is undefined for one host, so those connections stay plain node-postgres', () => {
    expect(parseMultiHostUrl('postgres://postgres@127.0.0.1:5432/postgres')).toBeUndefined();
  });

  it('refuses a target it does not implement rather than ignoring it', () => {
    expect(() => parseMultiHostUrl('postgres://a,b/n?target_session_attrs=standby')).toThrow(/standby/);
  });
});

describe('a durable connection naming several hosts', () => {
  it('keeps every host and adds synchronous_commit to the string’s own options', () => {
    const config = durableConnection({
      connectionString: 'postgres://a:1,b:2/n?options=-c%20search_path%3Dx&target_session_attrs=read-write',
    });
    expect(config.connectionString).toMatch(/^postgres:\/\/a:1,b:2\/n\?/);
    const params = new URLSearchParams(config.connectionString!.split('?')[1]);
    expect(params.get('options')).toBe(`-c search_path=x ${DURABLE_SESSION_OPTION}`);
    expect(params.get('target_session_attrs')).toBe('read-write');
  });
});
