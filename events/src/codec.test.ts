import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, type EventDefinition } from './catalogue';
import { createCodec, decodeEvent, encodeEvent } from './codec';
import type { CommandContext } from './metadata';
import type { StoredEvent } from './store/port';

const context: CommandContext = {
  correlationId: 'corr-1',
  causationId: 'cause-1',
  actor: { kind: 'user', userKey: 'k1' },
};

function stored(type: string, data: unknown, schemaVersion: number, overrides: Partial<StoredEvent> = {}) {
  return {
    eventId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    streamName: 'story_likes-s1',
    streamRevision: 3,
    position: 42,
    type,
    data,
    metadata: { ...context, schemaVersion },
    recordedAt: new Date('2025-01-01T00:00:00Z'),
    ...overrides,
  } satisfies StoredEvent;
}

describe('encodeEvent', () => {
  it('validates the data against the schema and adds metadata with the schema version', () => {
    const encoded = encodeEvent({ type: 'StoryLiked', data: { storyId: 's1' } }, context, 'fixed-id');
    expect(encoded).toEqual({
      eventId: 'fixed-id',
      type: 'StoryLiked',
      data: { storyId: 's1' },
      metadata: { ...context, schemaVersion: 1 },
    });
  });

  it('gives each event a fresh UUID unless one is given', () => {
    const a = encodeEvent({ type: 'StoryLiked', data: { storyId: 's1' } }, context);
    const b = encodeEvent({ type: 'StoryLiked', data: { storyId: 's1' } }, context);
    expect(a.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.eventId).not.toBe(b.eventId);
  });

  it('refuses data that fails the schema, and unknown types', () => {
    expect(() => encodeEvent({ type: 'StoryLiked', data: { storyId: '' } }, context)).toThrow();
    expect(() =>
      encodeEvent({ type: 'StoryLiked', data: {} } as unknown as Parameters<typeof encodeEvent>[0], context),
    ).toThrow();
    expect(() =>
      encodeEvent({ type: 'NoSuchEvent', data: {} } as unknown as Parameters<typeof encodeEvent>[0], context),
    ).toThrow(/Unknown event type NoSuchEvent/);
  });

  it('strips fields the schema does not know', () => {
    const encoded = encodeEvent(
      { type: 'StoryLiked', data: { storyId: 's1', extra: 'x' } as { storyId: string } },
      context,
    );
    expect(encoded.data).toEqual({ storyId: 's1' });
  });
});

describe('decodeEvent', () => {
  it('validates a stored event and keeps its store fields', () => {
    const decoded = decodeEvent(stored('StoryLiked', { storyId: 's1' }, 1));
    expect(decoded).toMatchObject({
      type: 'StoryLiked',
      data: { storyId: 's1' },
      eventId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      streamName: 'story_likes-s1',
      streamRevision: 3,
      position: 42,
      metadata: { ...context, schemaVersion: 1 },
    });
  });

  it('refuses stored data or metadata that fail their schema', () => {
    expect(() => decodeEvent(stored('StoryLiked', { storyId: 7 }, 1))).toThrow();
    expect(() =>
      decodeEvent({ ...stored('StoryLiked', { storyId: 's1' }, 1), metadata: { actor: 'x' } }),
    ).toThrow();
    expect(() => decodeEvent(stored('NoSuchEvent', {}, 1))).toThrow(/Unknown event type/);
  });
});

describe('createCodec with upcasters', () => {
  // Version 3 of an event whose data changed twice: v1 {storyId}, v2 {story: {id}}, v3 adds `source`.
  const LikedV3 = defineEvent(
    'StoryLiked',
    3,
    z.object({ story: z.object({ id: z.string().min(1) }), source: z.enum(['web', 'unknown']) }),
  );
  const definitions = new Map<string, EventDefinition>([['StoryLiked', LikedV3]]);
  const codec = createCodec(definitions, {
    StoryLiked: {
      1: (data) => ({ story: { id: (data as { storyId: string }).storyId } }),
      2: (data) => ({ ...(data as object), source: 'unknown' }),
    },
  });

  it('upcasts an old version step by step to the current one, then validates it', () => {
    const decoded = codec.decode(stored('StoryLiked', { storyId: 's1' }, 1));
    expect(decoded.data).toEqual({ story: { id: 's1' }, source: 'unknown' });
    expect(decoded.metadata.schemaVersion).toBe(3);
    expect(codec.decode(stored('StoryLiked', { story: { id: 's2' } }, 2)).data).toEqual({
      story: { id: 's2' },
      source: 'unknown',
    });
  });

  it('reads the current version without upcasting', () => {
    const current = { story: { id: 's3' }, source: 'web' };
    expect(codec.decode(stored('StoryLiked', current, 3)).data).toEqual(current);
  });

  it('refuses a version it has no upcaster for, or one newer than the code', () => {
    const gap = createCodec(definitions, { StoryLiked: { 2: (d) => d } });
    expect(() => gap.decode(stored('StoryLiked', { storyId: 's1' }, 1))).toThrow(
      /No upcaster for StoryLiked/,
    );
    expect(() => codec.decode(stored('StoryLiked', {}, 4))).toThrow(/newer than this code/);
  });

  it('refuses upcast data that still fails the current schema', () => {
    expect(() => codec.decode(stored('StoryLiked', { storyId: '' }, 1))).toThrow();
  });

  it('encodes with the current version', () => {
    const encoded = codec.encode(
      { type: 'StoryLiked', data: { story: { id: 's1' }, source: 'web' } } as unknown as Parameters<
        typeof codec.encode
      >[0],
      context,
    );
    expect(encoded.metadata).toEqual({ ...context, schemaVersion: 3 });
  });
});

describe('the catalogue', () => {
  const image = { ref: 'abcdef0123', width: 600, height: 800 };
  const v1Story = {
    storyId: 's1',
    slides: [
      { image, text: 'One.' },
      { image, text: 'Two.' },
    ],
    preview: image,
    isPremium: false,
  };

  it('reads a StoryPublished of version 1 as a story without tags or warnings', () => {
    const decoded = decodeEvent(stored('StoryPublished', v1Story, 1));
    expect(decoded.data).toEqual({ ...v1Story, tags: [], warnings: [], rating: 'mature' });
  });

  it('reads stories, drafts and revisions recorded before ratings as Mature', () => {
    const labelled = { ...v1Story, tags: [], warnings: [] };
    expect(decodeEvent(stored('StoryPublished', labelled, 2)).data).toEqual({
      ...labelled,
      rating: 'mature',
    });
    const draft = { ...labelled, creatorKey: 'u1' };
    expect(decodeEvent(stored('StoryDraftSaved', draft, 1)).data).toEqual({ ...draft, rating: 'mature' });
    const revision = { ...labelled, slideOrigins: [0, 1] };
    const { isPremium: _, ...revised } = revision;
    expect(decodeEvent(stored('StoryRevised', revised, 1)).data).toEqual({ ...revised, rating: 'mature' });
  });

  it('keeps a rating given, and refuses one outside General, Mature and Explicit', () => {
    const v3 = (rating: string) =>
      stored('StoryPublished', { ...v1Story, tags: [], warnings: [], rating }, 3);
    expect(decodeEvent(v3('explicit')).data).toMatchObject({ rating: 'explicit' });
    expect(() => decodeEvent(v3('adult'))).toThrow();
  });

  it('refuses labels outside the rules: an unknown warning, a duplicate tag, more than 8 tags', () => {
    const v2 = (labels: object) =>
      stored('StoryPublished', { ...v1Story, tags: [], warnings: [], ...labels }, 2);
    expect(decodeEvent(v2({ tags: ['slow burn'], warnings: ['violence'] })).data).toMatchObject({
      tags: ['slow burn'],
    });
    expect(() => decodeEvent(v2({ warnings: ['spoilers'] }))).toThrow();
    expect(() => decodeEvent(v2({ tags: ['noir', 'noir'] }))).toThrow();
    expect(() => decodeEvent(v2({ tags: ['Noir'] }))).toThrow();
    expect(() => decodeEvent(v2({ tags: Array.from({ length: 9 }, (_, i) => `t${i}`) }))).toThrow();
  });
});

describe('free text written to the moderators', () => {
  it('reads a v1 report and a v1 appeal, whose text was plain, as sealed-nothing with the legacy text', () => {
    const report = decodeEvent(
      stored(
        'StoryReported',
        {
          storyId: 's1',
          reportId: 'r1',
          reason: 'spam_or_scam',
          text: 'Selling things.',
          reporterKey: 'user:k1',
          contact: null,
        },
        1,
        { streamName: 'story_reports-s1' },
      ),
    );
    expect(report.data).toEqual({
      storyId: 's1',
      reportId: 'r1',
      reason: 'spam_or_scam',
      text: null,
      legacyText: 'Selling things.',
      reporterKey: 'user:k1',
      contact: null,
    });
    const appeal = decodeEvent(
      stored(
        'DecisionAppealed',
        { storyId: 's1', appealId: 'a1', decisionId: 'd1', userKey: 'k2', text: 'It is fiction.' },
        1,
        { streamName: 'story_reports-s1' },
      ),
    );
    expect(appeal.data).toEqual({
      storyId: 's1',
      appealId: 'a1',
      decisionId: 'd1',
      userKey: 'k2',
      text: null,
      legacyText: 'It is fiction.',
    });
  });

  it('refuses a report or an appeal whose text is plain in the current version', () => {
    expect(() =>
      encodeEvent(
        {
          type: 'StoryReported',
          data: {
            storyId: 's1',
            reportId: 'r1',
            reason: 'other',
            text: 'plain words' as never,
            reporterKey: 'user:k1',
            contact: null,
          },
        },
        context,
      ),
    ).toThrow();
  });
});
