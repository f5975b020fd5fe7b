import { evolveUser, initialUserState, type UserEvent } from '@nocturne/domain';
import { aggregateStream } from '@nocturne/events/store';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { given, userRegistered } from '@nocturne/events/testing';
import { describe, expect, it, vi } from 'vitest';

describe('aggregateStream', () => {
  it('folds a stream that does not exist into the initial state, revision -1, position 0', async () => {
    const result = await aggregateStream(new MemoryEventStore(), 'user-none', evolveUser, initialUserState);
    expect(result).toEqual({
      state: initialUserState(),
      events: [],
      revision: -1,
      position: 0,
      exists: false,
    });
  });

  it('folds every event of the stream, decoded, and names the last revision and position', async () => {
    const store = new MemoryEventStore();
    await given(store, 'user-other', [userRegistered()]);
    await given(store, 'user-a', [userRegistered(), { type: 'PremiumGranted', data: { stories: 30 } }]);
    const result = await aggregateStream<ReturnType<typeof initialUserState>, UserEvent>(
      store,
      'user-a',
      evolveUser,
      initialUserState,
    );
    expect(result.state.premiumRemaining).toBe(30);
    expect(result.events.map((e) => e.type)).toEqual(['UserRegistered', 'PremiumGranted']);
    expect(result.revision).toBe(1);
    expect(result.position).toBe(3);
  });

  it('folds only what was recorded up to a moment', async () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z'), toFake: ['Date'] });
    try {
      const store = new MemoryEventStore();
      await given(store, 'user-a', [userRegistered()]);
      vi.setSystemTime(new Date('2025-02-01T00:00:00Z'));
      await given(store, 'user-a', [{ type: 'PremiumGranted', data: { stories: 30 } }]);
      const asOfJanuary = await aggregateStream(store, 'user-a', evolveUser, initialUserState, {
        recordedUpTo: new Date('2025-01-15T00:00:00Z'),
      });
      expect(asOfJanuary.state.status).toBe('registered');
      expect(asOfJanuary.state.premiumRemaining).toBe(0);
      expect(asOfJanuary.revision).toBe(0);
      const beforeAnything = await aggregateStream(store, 'user-a', evolveUser, initialUserState, {
        recordedUpTo: new Date('2024-12-01T00:00:00Z'),
      });
      expect(beforeAnything.events).toEqual([]);
      expect(beforeAnything.exists).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
