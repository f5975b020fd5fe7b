import { type DomainEvent, encodeEvent } from '@nocturne/events';
import type { EventStore, ExpectedRevision } from '@nocturne/events/store';
import { testContext } from '@nocturne/events/testing';

/**
 * The oldest schema version of StoryPublished that every commit a benchmark compares with reads:
 * version 2 (labels, no rating). This checkout upcasts it as a Mature story; an earlier commit
 * (the baseline of a side-by-side run) would stop its projector at a version newer than its code.
 */
const SHARED_STORY_VERSION = 2;

/**
 * Appends `events` to `stream` as a bench's seed, written so that both this checkout and an
 * earlier one read them: StoryPublished in its shared version, every other event as encoded today.
 *
 * @example
 *   await appendSeed(store, streams.story(id), [storyPublished({ storyId: id })], 'no_stream');
 */
export function appendSeed(
  store: EventStore,
  stream: string,
  events: DomainEvent[],
  expected: ExpectedRevision = 'any',
) {
  return store.append(
    stream,
    events.map((event) => {
      const encoded = encodeEvent(event, testContext);
      if (event.type !== 'StoryPublished') return encoded;
      const { rating: _rating, ...data } = encoded.data as Record<string, unknown>;
      const metadata = {
        ...(encoded.metadata as Record<string, unknown>),
        schemaVersion: SHARED_STORY_VERSION,
      };
      return { ...encoded, data, metadata };
    }),
    expected,
  );
}
