import { describe, expect, it } from 'vitest';
import { loggablePath, redactEmails, withoutPassword } from './redact';

describe('log redaction', () => {
  it('replaces e-mail addresses anywhere in a line', () => {
    expect(redactEmails('Key (email)=(first.last+tag@mail.example.org) already exists.')).toBe(
      'Key (email)=(<email>) already exists.',
    );
    expect(redactEmails('{"msg":"550 5.1.1 <a_b@x.io>: rejected"}')).toBe(
      '{"msg":"550 5.1.1 <<email>>: rejected"}',
    );
    expect(redactEmails('GET /api/stories 200')).toBe('GET /api/stories 200');
  });

  it('drops the query string and replaces e-mail segments of a path', () => {
    expect(loggablePath('/auth/reset-password?token=abc.def')).toBe('/auth/reset-password');
    expect(loggablePath('/api/admin/users/a%40b.example/history#x')).toBe('/api/admin/users/<email>/history');
    expect(loggablePath('/api/admin/users/a@b.example')).toBe('/api/admin/users/<email>');
  });

  it('hides the user-info of a service URL, keeping the rest', () => {
    expect(withoutPassword('postgres://app:s3cret@db.example:5432/nocturne')).toBe(
      'postgres://***@db.example:5432/nocturne',
    );
    expect(withoutPassword('smtps://mailer:p%40ss@smtp.example:465')).toBe('smtps://***@smtp.example:465');
    expect(withoutPassword('nats://nats.example:4222')).toBe('nats://nats.example:4222');
  });
});
