import type { DomainEvent, RecordedEvent } from '@nocturne/events';
import { linkToken } from '@nocturne/http-kit/auth';
import { describe, expect, it } from 'vitest';
import { accountMailReactor } from './account-mail';
import { reactorContext as context } from './testing/reactor-context';

const userKey = '0123456789abcdef0123456789abcdef';

function recorded(event: DomainEvent, eventId = '44444444-4444-4444-8444-444444444444'): RecordedEvent {
  return {
    ...event,
    eventId,
    streamName: `user-${userKey}`,
    streamRevision: 0,
    position: 1,
    metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'anonymous' }, schemaVersion: 1 },
    recordedAt: new Date('2025-01-10T12:00:00Z'),
  } as RecordedEvent;
}

const grant = { tokenDigest: 'a'.repeat(64), expiresAt: '2025-01-11T12:00:00.000Z' };

describe('account mail reactor', () => {
  it('mails the verification link whose token the command digested (derived from the event id)', async () => {
    const { ctx, sent } = context({ 'pii:v1:x:e': 'ann@example.com' });
    const event = recorded({
      type: 'UserRegistered',
      data: {
        accountId: '11111111-1111-4111-8111-111111111111',
        email: 'pii:v1:x:e',
        passwordHash: 'pii:v1:x:h',
        ageConfirmedAt: '2025-01-10T12:00:00.000Z',
        verification: grant,
      },
    });
    await accountMailReactor.react(event, ctx);
    const expected = linkToken('server-secret', 'verify', userKey, event.eventId).token;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('ann@example.com');
    expect(sent[0]!.text).toContain(`https://nocturne.test/auth/verify?token=${expected}`);
  });

  it('mails a new verification link on a resend', async () => {
    const { ctx, sent } = context({ 'pii:v1:x:e': 'ann@example.com' });
    const event = recorded(
      { type: 'VerificationEmailRequested', data: { ...grant, email: 'pii:v1:x:e' } },
      'ev-2',
    );
    await accountMailReactor.react(event, ctx);
    expect(sent[0]!.text).toContain(
      `/auth/verify?token=${linkToken('server-secret', 'verify', userKey, 'ev-2').token}`,
    );
  });

  it('tells the owner that someone tried to sign up, with a login link', async () => {
    const { ctx, sent } = context({ 'pii:v1:x:e': 'ann+x@example.com' });
    await accountMailReactor.react(
      recorded({ type: 'DuplicateSignupAttempted', data: { email: 'pii:v1:x:e' } }),
      ctx,
    );
    expect(sent[0]!.subject).toBe('Someone tried to sign up with your email address');
    expect(sent[0]!.text).toContain('https://nocturne.test/auth/login?email=ann%2Bx%40example.com');
  });

  it('mails the reset link, derived for the reset purpose', async () => {
    const { ctx, sent } = context({ 'pii:v1:x:e': 'ann@example.com' });
    const event = recorded(
      { type: 'PasswordResetRequested', data: { ...grant, email: 'pii:v1:x:e' } },
      'ev-3',
    );
    await accountMailReactor.react(event, ctx);
    expect(sent[0]!.text).toContain(
      `https://nocturne.test/auth/reset-password?token=${linkToken('server-secret', 'reset', userKey, 'ev-3').token}`,
    );
  });

  it('sends nothing to an erased account', async () => {
    const { ctx, sent } = context({});
    await accountMailReactor.react(
      recorded({ type: 'DuplicateSignupAttempted', data: { email: 'pii:v1:x:e' } }),
      ctx,
    );
    expect(sent).toEqual([]);
  });
});
