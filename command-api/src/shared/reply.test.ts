import type { EventStore } from '@nocturne/events/store';
import { MemoryNotifier, type Notifier } from '@nocturne/notify';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { withPosition } from './reply';

/** A notifier of the given kind that records what it is asked to publish. */
function recordingNotifier(kind: Notifier['kind']) {
  const published: number[] = [];
  const inner = new MemoryNotifier();
  inner.onAppended((p) => published.push(p));
  return { notifier: Object.assign(Object.create(inner) as Notifier, { kind }), published };
}

function fakeReply() {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, headers };
}

const storeOf = (kind: EventStore['kind']) => ({ kind }) as EventStore;

describe('withPosition', () => {
  it('answers the position and sends no second hint when the PostgreSQL append already notified', () => {
    const { notifier, published } = recordingNotifier('postgres');
    const { reply, headers } = fakeReply();
    withPosition(reply, { notifier, store: storeOf('postgres') }, 42);
    expect(headers).toEqual({ 'X-Event-Position': '42' });
    expect(published).toEqual([]);
  });

  it('hints the projector when the append did not reach the notifier (NATS, or another store)', () => {
    for (const [store, kind] of [
      ['postgres', 'nats'],
      ['esdb', 'postgres'],
      ['memory', 'memory'],
    ] as const) {
      const { notifier, published } = recordingNotifier(kind);
      const { reply, headers } = fakeReply();
      withPosition(reply, { notifier, store: storeOf(store) }, 7);
      expect(headers).toEqual({ 'X-Event-Position': '7' });
      expect([store, kind, published]).toEqual([store, kind, [7]]);
    }
  });
});
