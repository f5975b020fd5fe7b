import type { DomainEvent, RecordedEvent } from '@nocturne/events';
import { storyPublished } from '@nocturne/events/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lookupVault, projectionSpec, useReadModelDatabase } from '../../testing/projection-test';
import { storySearchProjection } from './story-search-projection';

const readModel = useReadModelDatabase('story_search');
const given = projectionSpec(storySearchProjection, readModel, { vault: lookupVault() });

let position = 0;
/** The event as the store would have recorded it on the story's stream. */
function recorded(event: DomainEvent & { data: { storyId: string } }): RecordedEvent {
  position += 1;
  return {
    ...event,
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamName: `story-${event.data.storyId}`,
    streamRevision: 0,
    position,
    metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'system' }, schemaVersion: 1 },
    recordedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, position)),
  } as RecordedEvent;
}

function published(storyId: string, texts: string[], tags: string[]): RecordedEvent {
  const event = storyPublished({ storyId });
  const image = event.data.slides[0]!.image;
  return recorded({
    ...event,
    data: { ...event.data, slides: texts.map((text) => ({ image, text })), tags },
  });
}

const labelsChanged = (storyId: string, tags: string[]) =>
  recorded({ type: 'StoryLabelsChanged', data: { storyId, tags, warnings: [] } });
const deleted = (storyId: string) => recorded({ type: 'StoryDeleted', data: { storyId } });

/** The ids whose document matches the words, as the route asks (same configuration). */
const matching = (words: string) => (db: ReturnType<typeof readModel>) =>
  sql<{ story_id: string }>`select story_id from story_search
    where document @@ websearch_to_tsquery('english', ${words}) order by story_id`
    .execute(db)
    .then((result) => result.rows.map((row) => row.story_id));

describe('story-search projection', () => {
  it('indexes a published story by its tags and by a word of any slide, stemmed', async () => {
    await given(
      published(
        's-lighthouse',
        ['The keeper lit the lamp.', 'Gulls.', 'Fog came.', 'Her lanterns burned blue.'],
        ['sea', 'slow burn'],
      ),
    ).thenRows(
      (db) =>
        db.selectFrom('story_search').select(['story_id', 'tags_text', 'is_premium', 'position']).execute(),
      [{ story_id: 's-lighthouse', tags_text: 'sea slow burn', is_premium: false, position }],
    );
    // The version query-api keeps answers by: the batch's last position.
    expect(await readModel().selectFrom('story_search_version').select('changed_at').execute()).toEqual([
      { changed_at: position },
    ]);
    expect(await matching('lantern')(readModel())).toEqual(['s-lighthouse']);
    expect(await matching('sea')(readModel())).toEqual(['s-lighthouse']);
    expect(await matching('desert')(readModel())).toEqual([]);
  });

  it('a labels change replaces the tags: the new ones are found, the old ones no longer, the texts still', async () => {
    await given(published('s-relabelled', ['A quiet morning.', 'Tea.'], ['romance'])).project();
    await given(labelsChanged('s-relabelled', ['mystery'])).project();
    expect(await matching('mystery')(readModel())).toEqual(['s-relabelled']);
    expect(await matching('romance')(readModel())).toEqual([]);
    expect(await matching('morning')(readModel())).toEqual(['s-relabelled']);
  });

  it('in one batch, published then relabelled keeps the last tags', async () => {
    await given(
      published('s-batch', ['One.', 'Two.'], ['ghost']),
      labelsChanged('s-batch', ['haunted']),
    ).project();
    expect(await matching('haunted')(readModel())).toEqual(['s-batch']);
    expect(await matching('ghost')(readModel())).toEqual([]);
  });

  it('a deleted story is no longer found, whether deleted in a later batch or the same one', async () => {
    await given(published('s-gone', ['Meteor showers.', 'Two.'], [])).project();
    await given(
      deleted('s-gone'),
      published('s-gone-at-once', ['Meteor rain.', 'Two.'], []),
      deleted('s-gone-at-once'),
    ).thenRows(
      (db) => db.selectFrom('story_search').select('story_id').where('story_id', 'like', 's-gone%').execute(),
      [],
    );
    expect(await matching('meteor')(readModel())).toEqual([]);
  });

  it('a visitor-typed query of stop words or odd punctuation matches nothing and never errors', async () => {
    expect(await matching('the and "')(readModel())).toEqual([]);
    expect(await matching('-(:* & | !')(readModel())).toEqual([]);
  });
});
