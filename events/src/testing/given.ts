import { randomUUID } from 'node:crypto';
import { encodeEvent } from '@nocturne/events';
import type { DomainEvent, EventOf } from '../catalogue';
import type { CommandContext } from '../metadata';
import type { AppendResult, EventStore, ExpectedRevision } from '../store/port';

/** Metadata for events a test puts in the log directly ("given these events"). */
export const testContext: CommandContext = {
  correlationId: 'test',
  causationId: 'test',
  actor: { kind: 'system' },
};

/** Appends `events` to `stream` as history for a test, validated like any real append. */
export function given(
  store: EventStore,
  stream: string,
  events: DomainEvent[],
  expected: ExpectedRevision = 'any',
): Promise<AppendResult> {
  return store.append(
    stream,
    events.map((event) => encodeEvent(event, testContext)),
    expected,
  );
}

/** A two-slide StoryPublished whose image refs need not exist on disk. */
export function storyPublished(
  options: { storyId?: string; isPremium?: boolean } = {},
): EventOf<'StoryPublished'> {
  const storyId = options.storyId ?? randomUUID();
  const image = { ref: `test-${storyId.slice(0, 8)}`, width: 600, height: 800 };
  return {
    type: 'StoryPublished',
    data: {
      storyId,
      slides: [
        { image, text: 'One.' },
        { image, text: 'Two.' },
      ],
      preview: image,
      isPremium: options.isPremium ?? false,
      tags: [],
      warnings: [],
      rating: 'mature',
    },
  };
}
