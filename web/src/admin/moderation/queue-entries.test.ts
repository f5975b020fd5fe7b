import { describe, expect, it } from 'vitest';
import type { QueuedStory } from '../moderation-api';
import { decisionsFor, neighbourOf, type QueueEntry, queueEntries, stepFrom } from './queue-entries';

const queued = (id: string, first: string | null, hidden: string | null = null): QueuedStory => ({
  story_id: id,
  story: first === null ? null : { images: [], texts: [first], isPremium: false, tags: [], warnings: [] },
  hidden_reason: hidden,
  reports: [],
  counts: {},
  urgent: 0,
  appeal: null,
  waiting_since: '2026-12-01T00:00:00.000Z',
});

const rows = (...ids: string[]): QueueEntry[] =>
  ids.map((id) => ({ kind: 'hidden', id, title: id, hiddenReason: 'r' }));

describe('the queue rows', () => {
  it('name stories by their text, never by id, the queue before the hidden stories', () => {
    const { open, hidden } = queueEntries([
      {
        open: 2,
        stories: [queued('s1', 'The lantern in the fog'), queued('s2', null)],
        hidden: [{ story_id: 's3', title: 'A hidden tale', hidden_reason: 'Copied' }],
        nextCursor: null,
      },
    ]);
    expect(open.map((row) => row.title)).toEqual(['The lantern in the fog', 'Deleted story']);
    expect(hidden.map((row) => row.title)).toEqual(['A hidden tale']);
  });

  it('offer the decisions each story allows', () => {
    const [live, deleted, hiddenOpen] = queueEntries([
      {
        open: 3,
        stories: [queued('a', 'x'), queued('b', null), queued('c', 'y', 'Copied')],
        hidden: [],
        nextCursor: null,
      },
    ]).open;
    expect(decisionsFor(live!)).toEqual(['hide', 'dismiss', 'delete']);
    expect(decisionsFor(deleted!)).toEqual(['dismiss']);
    expect(decisionsFor(hiddenOpen!)).toEqual(['restore', 'dismiss', 'delete']);
    expect(decisionsFor(rows('h')[0]!)).toEqual(['restore', 'delete']);
  });

  it('step next and previous, staying at the ends, and start at the first', () => {
    const list = rows('a', 'b', 'c');
    expect(stepFrom(list, null, 1)).toBe('a');
    expect(stepFrom(list, 'a', 1)).toBe('b');
    expect(stepFrom(list, 'c', 1)).toBe('c');
    expect(stepFrom(list, 'a', -1)).toBe('a');
    expect(stepFrom([], null, 1)).toBeNull();
  });

  it('go on to the next row after a decision, or the one before at the end', () => {
    const list = rows('a', 'b', 'c');
    expect(neighbourOf(list, 'b')).toBe('c');
    expect(neighbourOf(list, 'c')).toBe('b');
    expect(neighbourOf(rows('a'), 'a')).toBeNull();
  });
});
