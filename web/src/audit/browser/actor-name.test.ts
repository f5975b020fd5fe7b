import { describe, expect, it } from 'vitest';
import { actorName } from './actor-name';

describe("an event's actor in the browser", () => {
  it('is named, never shown as raw JSON: the staff by name and role, a member with their stream', () => {
    expect(
      actorName({ kind: 'admin', session: 's', ip: 'sealed', staffId: 'x' }, 'ann@example.com (Admin)'),
    ).toBe('ann@example.com (Admin)');
    expect(actorName({ kind: 'admin', session: 's', ip: 'sealed' }, null)).toBe('an admin session');
    expect(actorName({ kind: 'user', userKey: '49b227d2' }, null)).toBe('a member (user-49b227d2)');
    expect(actorName({ kind: 'anonymous' }, null)).toBe('an anonymous visitor');
    expect(actorName({ kind: 'invite' }, null)).toBe('an invite-code holder');
    expect(actorName({ kind: 'system' }, null)).toBe('the system');
    expect(actorName({ kind: 'robot' }, null)).toBe('{"kind":"robot"}');
  });
});
