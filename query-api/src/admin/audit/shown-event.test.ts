import type { StoredEvent } from '@nocturne/events/store';
import { MemoryPiiVault } from '@nocturne/vault';
import { describe, expect, it } from 'vitest';
import { SEALED, shownEvents } from './shown-event';

const ACCOUNT = '7d7f3a38-5c3b-4f7e-9a51-2f0b1d1c0a11';

const stored = (type: string, data: unknown): StoredEvent =>
  ({
    position: 1,
    streamName: 'staff-fedcba9876543210fedcba9876543210',
    streamRevision: 0,
    type,
    eventId: '55555555-5555-4555-8555-555555555555',
    recordedAt: new Date('2026-03-01T10:00:00Z'),
    data,
    metadata: { actor: { kind: 'anonymous' } },
  }) as StoredEvent;

describe('events as the console shows them', () => {
  it('never opens a credential, not even for a role that reads personal data', async () => {
    // Given a staff member's sealed address, password hash and TOTP secrets in the log
    const vault = new MemoryPiiVault();
    const seal = (plain: string) => vault.encrypt(ACCOUNT, plain);
    const events = [
      stored('StaffInvited', { accountId: ACCOUNT, email: await seal('mod@staff.test'), role: 'moderator' }),
      stored('StaffPasswordSet', { tokenDigest: 'a'.repeat(64), passwordHash: await seal('$argon2id$hash') }),
      stored('StaffTotpSecretIssued', {
        tokenDigest: 'a'.repeat(64),
        totpSecret: await seal('JBSWY3DPEHPK3PXP'),
      }),
    ];

    // When the owner (who reads personal data) and an auditor (who does not) browse them
    for (const readsPersonalData of [true, false]) {
      const shown = await shownEvents(events, vault, readsPersonalData);

      // Then the address is opened only for the owner, and the credentials for no one
      expect((shown[0]!.data as { email: string }).email).toBe(readsPersonalData ? 'mod@staff.test' : SEALED);
      expect((shown[1]!.data as { passwordHash: string }).passwordHash).toBe(SEALED);
      expect((shown[2]!.data as { totpSecret: string }).totpSecret).toBe(SEALED);
      expect(JSON.stringify(shown)).not.toContain('JBSWY3DPEHPK3PXP');
      expect(JSON.stringify(shown)).not.toContain('argon2');
    }
  });

  it('seals a report text recorded in plain before texts were sealed, for a role that may not read it', async () => {
    // Given a report and an appeal of the first schema version, their texts in plain
    const vault = new MemoryPiiVault();
    const legacy = (type: string, data: unknown) => ({
      ...stored(type, data),
      metadata: { actor: { kind: 'anonymous' }, schemaVersion: 1 },
    });
    const events = [
      legacy('StoryReported', { storyId: 's1', reason: 'other', text: 'My neighbour wrote this' }),
      legacy('DecisionAppealed', { storyId: 's1', text: 'I am the author, Jane Roe' }),
    ];

    // When an auditor and then the owner browse them
    const forAuditor = await shownEvents(events, vault, false);
    const forOwner = await shownEvents(events, vault, true);

    // Then the auditor sees them sealed, and the owner reads them as they were written
    expect(forAuditor.map((e) => (e.data as { text: string }).text)).toEqual([SEALED, SEALED]);
    expect(JSON.stringify(forAuditor)).not.toContain('Jane Roe');
    expect((forOwner[0]!.data as { text: string }).text).toBe('My neighbour wrote this');
  });
});
