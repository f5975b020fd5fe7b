import { describe, expect, it } from 'vitest';
import { loggablePath, redactEmails } from './redact';

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
});
