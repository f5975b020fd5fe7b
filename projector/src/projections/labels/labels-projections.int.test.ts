import { type DomainEvent, streams } from '@nocturne/events';
import { storyPublished, TEST_ACCOUNT_ID } from '@nocturne/events/testing';
import type { Kysely } from 'kysely';
import { describe, it } from 'vitest';
import type { ReadModel } from '../../read-model/schema';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { storiesProjection } from '../stories/stories-projection';
import { hiddenWarningsProjection } from './hidden-warnings-projection';
import { tagsProjection } from './tags-projection';

const readModel = useReadModelDatabase('labels');
const context = { vault: lookupVault() };
const record = eventRecorder();
const catalogue = streams.tagCatalogue();
const added = (tag: string): DomainEvent => ({ type: 'TagAdded', data: { tag } });
const removed = (tag: string): DomainEvent => ({ type: 'TagRemoved', data: { tag } });

describe('tags projection', () => {
  const given = projectionSpec(tagsProjection, readModel, context);

  it('keeps the curated list: added tags, minus removed ones, re-added ones back', async () => {
    await given(
      record(added('romance'), catalogue, '2026-01-01T00:00:00Z'),
      record(added('pirates'), catalogue, '2026-01-02T00:00:00Z'),
      record(added('slow burn'), catalogue, '2026-01-03T00:00:00Z'),
      record(removed('pirates'), catalogue, '2026-01-04T00:00:00Z'),
      record(removed('romance'), catalogue, '2026-01-05T00:00:00Z'),
      record(added('romance'), catalogue, '2026-01-06T00:00:00Z'),
    ).thenRows(
      (db) => db.selectFrom('tags').select(['tag', 'added_at']).orderBy('tag').execute(),
      [
        { tag: 'romance', added_at: new Date('2026-01-06T00:00:00Z') },
        { tag: 'slow burn', added_at: new Date('2026-01-03T00:00:00Z') },
      ],
    );
  });
});

describe('hidden-warnings projection', () => {
  const given = projectionSpec(hiddenWarningsProjection, readModel, context);
  const chosen = (warnings: ('violence' | 'gore')[]): DomainEvent => ({
    type: 'HiddenWarningsChosen',
    data: { warnings },
  });

  it("keeps each reader's last choice; an empty choice and a deleted account leave no row", async () => {
    await given(
      record(chosen(['violence']), 'user-a', '2026-01-01T00:00:00Z'),
      record(chosen(['gore', 'violence']), 'user-a', '2026-01-02T00:00:00Z'),
      record(chosen(['gore']), 'user-b', '2026-01-02T00:00:00Z'),
      record(chosen(['gore']), 'user-c', '2026-01-02T00:00:00Z'),
      record(chosen([]), 'user-c', '2026-01-03T00:00:00Z'),
    ).thenRows(
      (db) => db.selectFrom('hidden_warnings').selectAll().orderBy('user_key').execute(),
      [
        { user_key: 'a', warnings: ['gore', 'violence'] },
        { user_key: 'b', warnings: ['gore'] },
      ],
    );
    await given(
      record({ type: 'UserDeleted', data: { accountId: TEST_ACCOUNT_ID } }, 'user-a', '2026-01-04T00:00:00Z'),
    ).thenRows((db) => db.selectFrom('hidden_warnings').select('user_key').execute(), [{ user_key: 'b' }]);
  });
});

describe("stories projection: a story's labels", () => {
  const given = projectionSpec(storiesProjection, readModel, context);
  const labels = (db: Kysely<ReadModel>, id: string) =>
    db
      .selectFrom('stories')
      .select('card')
      .where('id', '=', id)
      .execute()
      .then((rows) => rows.map((r) => ({ tags: r.card.tags, warnings: r.card.warnings })));

  it('prepares the published tags and warnings on the card', async () => {
    const story = storyPublished({ storyId: 'labelled' });
    story.data.tags = ['romance', 'slow burn'];
    story.data.warnings = ['violence'];
    await given(record(story, 'story-labelled', '2026-01-01T00:00:00Z')).thenRows(
      (db) => labels(db, 'labelled'),
      [{ tags: ['romance', 'slow burn'], warnings: ['violence'] }],
    );
  });

  it('replaces them on StoryLabelsChanged, in the same batch as the publication or later', async () => {
    const story = storyPublished({ storyId: 'relabelled' });
    const changed = (tags: string[], warnings: ('gore' | 'abuse')[]): DomainEvent => ({
      type: 'StoryLabelsChanged',
      data: { storyId: 'relabelled', tags, warnings },
    });
    await given(
      record(story, 'story-relabelled', '2026-01-01T00:00:00Z'),
      record(changed(['romance'], ['gore']), 'story-relabelled', '2026-01-02T00:00:00Z'),
    ).thenRows((db) => labels(db, 'relabelled'), [{ tags: ['romance'], warnings: ['gore'] }]);
    await given(
      record(changed([], ['abuse']), 'story-relabelled', '2026-01-03T00:00:00Z'),
      record(changed(['pirates'], []), 'story-relabelled', '2026-01-04T00:00:00Z'),
    ).thenRows((db) => labels(db, 'relabelled'), [{ tags: ['pirates'], warnings: [] }]);
  });

  it('ignores labels changed on a story deleted in the same batch', async () => {
    const story = storyPublished({ storyId: 'gone' });
    await given(
      record(story, 'story-gone', '2026-01-01T00:00:00Z'),
      record(
        { type: 'StoryLabelsChanged', data: { storyId: 'gone', tags: [], warnings: [] } },
        'story-gone',
        '2026-01-02T00:00:00Z',
      ),
      record({ type: 'StoryDeleted', data: { storyId: 'gone' } }, 'story-gone', '2026-01-03T00:00:00Z'),
    ).thenRows((db) => labels(db, 'gone'), []);
  });
});
