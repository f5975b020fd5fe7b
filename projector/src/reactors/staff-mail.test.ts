import type { RecordedEvent } from '@nocturne/events';
import { staffInvitationToken } from '@nocturne/http-kit/auth';
import { describe, expect, it } from 'vitest';
import { staffMailReactor } from './staff-mail';
import { reactorContext as context } from './testing/reactor-context';

const staffId = 'fedcba9876543210fedcba9876543210';
const eventId = '55555555-5555-4555-8555-555555555555';

const invited = (email: string) =>
  ({
    type: 'StaffInvited',
    data: {
      accountId: '7d7f3a38-5c3b-4f7e-9a51-2f0b1d1c0a11',
      email,
      role: 'moderator',
      invitation: { tokenDigest: 'a'.repeat(64), expiresAt: '2026-03-08T10:00:00Z' },
    },
    eventId,
    streamName: `staff-${staffId}`,
    streamRevision: 0,
    position: 1,
    metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'system' }, schemaVersion: 1 },
    recordedAt: new Date('2026-03-01T10:00:00Z'),
  }) as RecordedEvent;

describe('staff mail reactor', () => {
  it('mails the invitation link whose token the command digested, naming the role', async () => {
    const { ctx, sent } = context({ 'pii:v1:x:e': 'mod@staff.test' });
    await staffMailReactor.react(invited('pii:v1:x:e'), ctx);
    const { token } = staffInvitationToken('server-secret', staffId, eventId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'mod@staff.test', subject: 'Your invitation to the Nocturne team' });
    expect(sent[0]!.text).toContain(
      `https://nocturne.test/admin_staff?invitation=${encodeURIComponent(token)}`,
    );
    expect(sent[0]!.text).toContain('as Moderator');
  });

  it('mails the re-enrolment link after a reset of the second factor', async () => {
    const { ctx, sent } = context({ 'pii:v1:x:e': 'mod@staff.test' });
    const reset = {
      ...invited('pii:v1:x:e'),
      type: 'StaffSecondFactorReset',
      data: {
        email: 'pii:v1:x:e',
        invitation: { tokenDigest: 'b'.repeat(64), expiresAt: '2026-03-08T10:00:00Z' },
      },
    } as RecordedEvent;
    await staffMailReactor.react(reset, ctx);
    const { token } = staffInvitationToken('server-secret', staffId, eventId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'mod@staff.test', subject: 'Set up your authenticator app again' });
    expect(sent[0]!.text).toContain(
      `Set up your authenticator app: https://nocturne.test/admin_staff?invitation=${encodeURIComponent(token)}`,
    );
    expect(sent[0]!.text).toContain('your password stays the same');
  });

  it('sends nothing to an address that can no longer be read', async () => {
    const { ctx, sent } = context({});
    await staffMailReactor.react(invited('pii:v1:x:gone'), ctx);
    expect(sent).toEqual([]);
  });
});
