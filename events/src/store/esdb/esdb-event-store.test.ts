import { EventEmitter } from 'node:events';
import {
  DeadlineExceededError,
  StreamDeletedError as EsdbStreamDeletedError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { newEvent } from '../contract/event-store-contract';
import {
  EventIdConflictError,
  EventStoreUnavailableError,
  type StoredEvent,
  StreamDeletedError,
  WrongExpectedRevisionError,
} from '../port';
import { type EsdbClient, EsdbEventStore } from './esdb-event-store';

/** An error of the client's class without a gRPC status behind it. */
function clientError<T extends Error>(type: abstract new (...args: never[]) => T, fields: object = {}): T {
  return Object.assign(Object.create(type.prototype) as T, { message: type.name }, fields);
}

/** A resolved event as the client hands it out. */
function resolved(stream: string, revision: number, position: number, id: string) {
  return {
    event: {
      id,
      type: 'T',
      streamId: stream,
      revision: BigInt(revision),
      position: { commit: BigInt(position), prepare: BigInt(position) },
      data: {},
      metadata: {},
      created: new Date(0),
    },
  };
}

async function* yieldAll<T>(items: readonly T[]): AsyncIterable<T> {
  for (const item of items) yield item;
}

async function* failing(error: Error): AsyncIterable<never> {
  yield* [];
  throw error;
}

/** A subscription as the client hands it out: events come by `emit`. */
function fakeSubscription() {
  return Object.assign(new EventEmitter(), {
    pause() {},
    resume() {},
    isPaused: () => false,
    unsubscribe: async () => {},
    destroy() {},
  });
}

/** A fake client: the test says what each call answers and reads back what was asked. */
function fakeClient(script: {
  append?: () => Promise<unknown>;
  readStream?: (options: Record<string, unknown>) => AsyncIterable<unknown>;
  subscribe?: (fromPosition: unknown) => EventEmitter;
}) {
  const calls = { append: 0, readStream: [] as Record<string, unknown>[], subscribe: [] as unknown[] };
  const client = {
    appendToStream: async () => {
      calls.append += 1;
      return script.append!();
    },
    readStream: (_stream: string, options: Record<string, unknown>) => {
      calls.readStream.push(options);
      return script.readStream!(options);
    },
    readAll: () => yieldAll([]),
    subscribeToAll: (options: { fromPosition: unknown }) => {
      calls.subscribe.push(options.fromPosition);
      return script.subscribe!(options.fromPosition);
    },
    dispose: async () => {},
  } as unknown as EsdbClient;
  return { client, calls };
}

describe('EsdbEventStore (fake client)', () => {
  it('appends with an exact revision without reading first, and one event without reading back', async () => {
    const { client, calls } = fakeClient({
      append: async () => ({
        success: true,
        nextExpectedRevision: 4n,
        position: { commit: 90n, prepare: 90n },
      }),
    });
    const store = EsdbEventStore.withClient(client);
    expect(await store.append('s', [newEvent()], 3)).toEqual({ nextRevision: 4, position: 90 });
    expect(calls.append).toBe(1);
    expect(calls.readStream).toEqual([]);
  });

  it('with `any`, looks only at a bounded tail for the ids before it writes', async () => {
    const [a] = [newEvent()];
    const { client, calls } = fakeClient({
      readStream: () => yieldAll([resolved('s', 7, 70, a!.eventId)]),
      append: async () => {
        throw new Error('a retry must not be written again');
      },
    });
    const store = EsdbEventStore.withClient(client, { anyWindow: 16 });
    expect(await store.append('s', [a!], 'any')).toEqual({ nextRevision: 7, position: 70 });
    expect(calls.readStream).toEqual([expect.objectContaining({ maxCount: 16n })]);
    expect(calls.append).toBe(0);
  });

  it('after a conflict, a bounded search answers a retry, refuses a partial repeat, else reports the conflict', async () => {
    const [a, b, fresh] = [newEvent(), newEvent(), newEvent()];
    const stored = [resolved('s', 1, 11, b!.eventId), resolved('s', 0, 10, a!.eventId)];
    const conflict = () =>
      Promise.reject(clientError(WrongExpectedVersionError, { actualVersion: 1n, streamName: 's' }));
    const { client, calls } = fakeClient({ append: conflict, readStream: () => yieldAll(stored) });
    const store = EsdbEventStore.withClient(client, { idempotencyWindow: 100 });
    expect(await store.append('s', [a!, b!], 'no_stream')).toEqual({ nextRevision: 1, position: 11 });
    await expect(store.append('s', [b!, fresh!], 0)).rejects.toBeInstanceOf(EventIdConflictError);
    const refused = await store.append('s', [fresh!], 5).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WrongExpectedRevisionError);
    expect((refused as WrongExpectedRevisionError).actual).toBe(1);
    expect(calls.readStream.every((o) => o.maxCount === 100n)).toBe(true);
  });

  it('after a deadline, answers an append that landed and reports one that did not as unavailable', async () => {
    const event = newEvent();
    let landed = true;
    const { client, calls } = fakeClient({
      append: () => Promise.reject(clientError(DeadlineExceededError)),
      readStream: () => yieldAll(landed ? [resolved('s', 2, 22, event.eventId)] : []),
    });
    const store = EsdbEventStore.withClient(client);
    expect(await store.append('s', [event], 1)).toEqual({ nextRevision: 2, position: 22 });
    landed = false;
    const error = await store.append('s', [newEvent()], 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect((error as EventStoreUnavailableError).reason).toBe('deadline');
    expect(calls.append).toBe(2); // never re-sent: the caller decides, and its retry is safe
  });

  it('maps stream-deleted and unavailable to the port errors; an absent stream reads as empty', async () => {
    const deleted = fakeClient({
      append: () => Promise.reject(clientError(EsdbStreamDeletedError)),
      readStream: () => failing(clientError(EsdbStreamDeletedError)),
    });
    const store = EsdbEventStore.withClient(deleted.client);
    await expect(store.append('gone', [newEvent()], 0)).rejects.toBeInstanceOf(StreamDeletedError);
    await expect(store.readStream('gone')).rejects.toBeInstanceOf(StreamDeletedError);

    const down = fakeClient({
      append: () => Promise.reject(clientError(UnavailableError)),
      readStream: () => failing(clientError(UnavailableError)),
    });
    const error = await EsdbEventStore.withClient(down.client)
      .append('s', [newEvent()], 0)
      .catch((e: unknown) => e);
    expect((error as EventStoreUnavailableError).reason).toBe('unavailable');

    const absent = fakeClient({ readStream: () => failing(clientError(StreamNotFoundError)) });
    expect(await EsdbEventStore.withClient(absent.client).readStream('none')).toEqual([]);
  });

  it('makes a dropped subscription again from the last event handed out, with no gap or repeat', async () => {
    const subscriptions: EventEmitter[] = [];
    const { client, calls } = fakeClient({
      subscribe: () => {
        const sub = fakeSubscription();
        subscriptions.push(sub);
        return sub;
      },
    });
    const store = EsdbEventStore.withClient(client, { resubscribeDelayMs: 1 });
    const controller = new AbortController();
    const seen: StoredEvent[] = [];
    const feed = (async () => {
      for await (const event of store.subscribe({ after: 0, signal: controller.signal })) {
        seen.push(event);
        if (seen.length === 4) controller.abort();
      }
    })();
    const until = async (n: number) => {
      while (subscriptions.length < n) await new Promise((resolve) => setTimeout(resolve, 1));
    };
    await until(1);
    subscriptions[0]!.emit('data', resolved('a', 0, 10, newEvent().eventId));
    subscriptions[0]!.emit('data', resolved('a', 1, 20, newEvent().eventId));
    subscriptions[0]!.emit('error', clientError(UnavailableError));
    await until(2);
    // The server replays from the position it was given, that event included: it is skipped.
    subscriptions[1]!.emit('data', resolved('a', 1, 20, newEvent().eventId));
    subscriptions[1]!.emit('data', resolved('b', 0, 30, newEvent().eventId));
    subscriptions[1]!.emit('end');
    await until(3);
    subscriptions[2]!.emit('data', resolved('b', 1, 40, newEvent().eventId));
    await feed;
    expect(seen.map((e) => e.position)).toEqual([10, 20, 30, 40]);
    expect(calls.subscribe).toEqual(['start', { commit: 20n, prepare: 20n }, { commit: 30n, prepare: 30n }]);
  });

  it('ends the feed on an error that is not a drop', async () => {
    const { client } = fakeClient({
      subscribe: () => {
        const sub = fakeSubscription();
        setTimeout(() => sub.emit('error', new Error('access denied')), 1);
        return sub;
      },
    });
    const store = EsdbEventStore.withClient(client, { resubscribeDelayMs: 1 });
    const feed = (async () => {
      for await (const _ of store.subscribe({ after: 0, signal: new AbortController().signal })) {
      }
    })();
    await expect(feed).rejects.toThrow('access denied');
  });
});
