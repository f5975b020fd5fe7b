import { seededRandom } from '@nocturne/test-kit/seeded-random';
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

describe('log redaction in linear time (was: a backtracking pattern, seconds over a long path)', () => {
  // The pattern this module used, as the reference for what is an address.
  const reference = /[\w.!#$%&'*+=?^`{|}~-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*/gi;
  const pieces = [
    'a',
    'Z',
    '9',
    '.',
    '-',
    '_',
    '+',
    '@',
    '%40',
    '%',
    '4',
    '/',
    ' ',
    '<',
    '"',
    'é',
    '.com',
    '@@',
  ];

  it('replaces what the address pattern matches, on a seeded corpus of short lines', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 20_000; i++) {
      let line = '';
      for (let n = Math.floor(random() * 14); n > 0; n--)
        line += pieces[Math.floor(random() * pieces.length)];
      expect(redactEmails(line), JSON.stringify(line)).toBe(line.replace(reference, '<email>'));
    }
  });

  it('redacts a 64,000-character path without an address in a few milliseconds', () => {
    for (const path of [`/${'a'.repeat(64_000)}`, `/${'a'.repeat(64_000)}%40`, '/x%40'.repeat(12_800)]) {
      const started = performance.now();
      expect(loggablePath(path)).toBe(path);
      // The backtracking pattern took about 2 s over the first.
      expect(performance.now() - started).toBeLessThan(100);
    }
    expect(loggablePath(`/${'a'.repeat(64_000)}@b.example`)).toBe('/<email>');
  });
});
