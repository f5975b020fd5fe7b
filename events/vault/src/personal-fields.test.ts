import { decodeEvent, type EventOf } from '@nocturne/events';
import { describe, expect, it } from 'vitest';
import { MemoryPiiVault } from './memory-vault';
import {
  digestPenNamesOf,
  openPersonalField,
  paymentMethodOf,
  penNameOf,
  transactionIdOf,
} from './personal-fields';

const stored = (data: unknown, schemaVersion: number, type = 'PaymentConfirmationSubmitted') => ({
  eventId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  streamName: 'user-k1',
  streamRevision: 3,
  position: 42,
  type,
  data,
  metadata: {
    correlationId: 'c',
    causationId: 'c',
    actor: { kind: 'user', userKey: 'k1' },
    schemaVersion,
  },
  recordedAt: new Date('2025-01-01T00:00:00Z'),
});

describe('personal fields recorded before and after their encryption', () => {
  it('reads a version-1 payment confirmation: its plain transaction id becomes legacyTransactionId', async () => {
    const vault = new MemoryPiiVault();
    const email = await vault.encrypt('acc-1', 'ada@example.com');
    const old = decodeEvent(
      stored({ email, amount: 15, transactionId: 'TX-OLD', paymentMethod: 'paypal' }, 1),
    );
    expect(old.data).toMatchObject({ transactionId: null, legacyTransactionId: 'TX-OLD' });
    expect(old.metadata.schemaVersion).toBe(3);
    expect(await transactionIdOf(vault, old.data as never)).toBe('TX-OLD');
    expect(await paymentMethodOf(vault, old.data as never)).toBe('paypal');
  });

  it('reads a version-2 confirmation: its plain payment method becomes legacyPaymentMethod', async () => {
    const vault = new MemoryPiiVault();
    const email = await vault.encrypt('acc-5', 'cy@example.com');
    const old = decodeEvent(stored({ email, amount: 15, transactionId: null, paymentMethod: 'my bank' }, 2));
    expect(old.data).toMatchObject({ paymentMethod: null, legacyPaymentMethod: 'my bank' });
    expect(await paymentMethodOf(vault, old.data as never)).toBe('my bank');
  });

  it('refuses a version-3 confirmation with a plain payment method, and shreds a sealed one', async () => {
    const vault = new MemoryPiiVault();
    const email = await vault.encrypt('acc-6', 'di@example.com');
    expect(() =>
      decodeEvent(stored({ email, amount: 15, transactionId: null, paymentMethod: 'my bank' }, 3)),
    ).toThrow();
    const paymentMethod = await vault.encrypt('acc-6', 'my bank');
    const event = decodeEvent(stored({ email, amount: 15, transactionId: null, paymentMethod }, 3));
    expect(await paymentMethodOf(vault, event.data as never)).toBe('my bank');
    await vault.destroy('acc-6');
    expect(await paymentMethodOf(vault, event.data as never)).toBeNull();
  });

  it('refuses a version-2 confirmation with a plain transaction id, and shreds a sealed one', async () => {
    const vault = new MemoryPiiVault();
    const email = await vault.encrypt('acc-2', 'bob@example.com');
    expect(() =>
      decodeEvent(stored({ email, amount: 15, transactionId: 'TX-PLAIN', paymentMethod: 'p' }, 2)),
    ).toThrow();
    const sealed = await vault.encrypt('acc-2', 'TX-NEW');
    const event = decodeEvent(stored({ email, amount: 10, transactionId: sealed, paymentMethod: 'p' }, 2));
    expect(await transactionIdOf(vault, event.data as never)).toBe('TX-NEW');
    await vault.destroy('acc-2');
    expect(await transactionIdOf(vault, event.data as never)).toBeNull();
  });

  it('opens a sealed field, keeps an old plain one', async () => {
    const vault = new MemoryPiiVault();
    const ip = await vault.encrypt('acc-3', '203.0.113.9');
    expect(await openPersonalField(vault, ip)).toBe('203.0.113.9');
    expect(await openPersonalField(vault, '198.51.100.1')).toBe('198.51.100.1');
    await vault.destroy('acc-3');
    expect(await openPersonalField(vault, ip)).toBeNull();
  });

  it('reads a version-1 pen name choice: its plain name and handle move to the legacy fields', async () => {
    const vault = new MemoryPiiVault();
    const old = decodeEvent(
      stored({ userKey: 'k1', penName: 'Night Owl', handle: 'night-owl' }, 1, 'PenNameChosen'),
    );
    expect(old.data).toEqual({
      userKey: 'k1',
      penName: null,
      handle: null,
      legacyPenName: 'Night Owl',
      legacyHandle: 'night-owl',
    });
    expect(await penNameOf(vault, old.data as never)).toEqual({ penName: 'Night Owl', handle: 'night-owl' });
  });

  it('refuses a version-2 pen name in plain text, and shreds a sealed one', async () => {
    const vault = new MemoryPiiVault();
    expect(() =>
      decodeEvent(stored({ userKey: 'k1', penName: 'Night Owl', handle: 'night-owl' }, 2, 'PenNameChosen')),
    ).toThrow();
    const data = {
      userKey: 'k1',
      penName: await vault.encrypt('acc-4', 'Lark'),
      handle: await vault.encrypt('acc-4', 'lark'),
    };
    const event = decodeEvent(stored(data, 2, 'PenNameChosen'));
    expect(await penNameOf(vault, event.data as never)).toEqual({ penName: 'Lark', handle: 'lark' });
    await vault.destroy('acc-4');
    expect(await penNameOf(vault, event.data as never)).toBeNull();
  });

  it("reads a version-1 digest: each creator's plain pen name moves to legacyPenName", async () => {
    const vault = new MemoryPiiVault();
    const email = await vault.encrypt('acc-r', 'reader@example.com');
    const digest = { userKey: 'k1', day: '2025-01-01', through: 9, email };
    const old = decodeEvent(
      stored({ ...digest, stories: [{ storyId: 's1', teaser: 'T', penName: 'Night Owl' }] }, 1, 'DigestSent'),
    );
    expect(old.data).toMatchObject({
      stories: [{ storyId: 's1', teaser: 'T', penName: null, legacyPenName: 'Night Owl' }],
    });
    expect(await digestPenNamesOf(vault, (old.data as EventOf<'DigestSent'>['data']).stories)).toEqual([
      'Night Owl',
    ]);
  });

  it("refuses a version-2 digest with a plain pen name, and shreds a sealed one with its creator's key", async () => {
    const vault = new MemoryPiiVault();
    const email = await vault.encrypt('acc-r', 'reader@example.com');
    const digest = { userKey: 'k1', day: '2025-01-01', through: 9, email };
    expect(() =>
      decodeEvent(
        stored({ ...digest, stories: [{ storyId: 's1', teaser: 'T', penName: 'Lark' }] }, 2, 'DigestSent'),
      ),
    ).toThrow();
    const stories = [
      { storyId: 's1', teaser: 'T', penName: await vault.encrypt('acc-lark', 'Lark') },
      { storyId: 's2', teaser: 'U', penName: await vault.encrypt('acc-owl', 'Owl') },
    ];
    const event = decodeEvent(stored({ ...digest, stories }, 2, 'DigestSent'));
    const data = event.data as EventOf<'DigestSent'>['data'];
    expect(await digestPenNamesOf(vault, data.stories)).toEqual(['Lark', 'Owl']);
    await vault.destroy('acc-lark');
    expect(await digestPenNamesOf(vault, data.stories)).toEqual([null, 'Owl']);
  });

  it('reads a version-1 claim of a pen name as its holder alone', () => {
    const old = decodeEvent(
      stored({ userKey: 'k1', penName: 'Night Owl', handle: 'night-owl' }, 1, 'PenNameClaimed'),
    );
    expect(old.data).toEqual({ userKey: 'k1' });
  });
});
