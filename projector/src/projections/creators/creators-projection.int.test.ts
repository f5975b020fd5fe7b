import { randomUUID } from 'node:crypto';
import type { DomainEvent, RecordedEvent } from '@nocturne/events';
import { streams } from '@nocturne/events';
import { storyPublished } from '@nocturne/events/testing';
import { describe, expect, it } from 'vitest';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { storiesProjection } from '../stories/stories-projection';
import { creatorsProjection } from './creators-projection';

const readModel = useReadModelDatabase('creators');
/** What the vault holds: each sealed pen name and handle, until its account is erased. */
const plaintexts = new Map<string, string>();
const vault = { vault: lookupVault(plaintexts) };
const stories = projectionSpec(storiesProjection, readModel, vault);
const creators = projectionSpec(creatorsProjection, readModel, vault);

const record = eventRecorder();
const at = '2026-11-27T04:00:00Z';
/** A story published by a member (the event's metadata names the account) or by the admin. */
function published(storyId: string, userKey: string | null): RecordedEvent {
  const event = record(storyPublished({ storyId }), streams.story(storyId), at);
  return {
    ...event,
    metadata: {
      ...event.metadata,
      actor: userKey ? { kind: 'user', userKey } : { kind: 'admin', session: 's', ip: '127.0.0.1' },
    },
  };
}
const on = (event: DomainEvent, stream: string) => record(event, stream, at);
let seals = 0;
const seal = (userKey: string, text: string) => {
  const sealed = `pii:v1:${userKey}:${++seals}`;
  plaintexts.set(sealed, text);
  return sealed;
};
/** A pen name chosen as it is recorded now: sealed under the account's key. */
const penName = (userKey: string, name: string, handle: string) =>
  on(
    { type: 'PenNameChosen', data: { userKey, penName: seal(userKey, name), handle: seal(userKey, handle) } },
    streams.creator(userKey),
  );
/** A pen name chosen before they were sealed: plain text, which the upcaster moved aside. */
const legacyPenName = (userKey: string, name: string, handle: string) =>
  on(
    {
      type: 'PenNameChosen',
      data: { userKey, penName: null, handle: null, legacyPenName: name, legacyHandle: handle },
    },
    streams.creator(userKey),
  );
/** The account is erased: its key is destroyed, so its sealed values read as null. */
const erased = (userKey: string) => {
  for (const [sealed] of plaintexts) if (sealed.startsWith(`pii:v1:${userKey}:`)) plaintexts.delete(sealed);
  return on({ type: 'UserDeleted', data: { accountId: randomUUID() } }, `user-${userKey}`);
};
const follow = (followerKey: string, creatorKey: string) =>
  on({ type: 'CreatorFollowed', data: { followerKey, creatorKey } }, streams.follow(followerKey, creatorKey));
const unfollow = (followerKey: string, creatorKey: string) =>
  on(
    { type: 'CreatorUnfollowed', data: { followerKey, creatorKey } },
    streams.follow(followerKey, creatorKey),
  );
const seen = (userKey: string, through: number) =>
  on({ type: 'NotificationsSeen', data: { userKey, through } }, streams.inbox(userKey));

const cards = (ids: string[]) => (db: ReturnType<typeof readModel>) =>
  db
    .selectFrom('stories')
    .select(['id', 'creator_key', 'card'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ id: r.id, creatorKey: r.creator_key, creator: r.card.creator })));

describe('pen names on the cards (stories projection)', () => {
  it("names a story's creator from its event's metadata: nobody before a pen name, the admin never", async () => {
    await stories(published('old-1', 'alice'), published('admin-1', null)).thenRows(
      cards(['admin-1', 'old-1']),
      [
        { id: 'admin-1', creatorKey: null, creator: null },
        { id: 'old-1', creatorKey: 'alice', creator: null },
      ],
    );
  });

  it('puts a pen name chosen later on the earlier stories, and a change on all of them', async () => {
    await stories(penName('alice', 'Night Owl', 'night-owl'), published('new-1', 'alice')).thenRows(
      cards(['new-1', 'old-1']),
      [
        { id: 'new-1', creatorKey: 'alice', creator: { name: 'Night Owl', handle: 'night-owl' } },
        { id: 'old-1', creatorKey: 'alice', creator: { name: 'Night Owl', handle: 'night-owl' } },
      ],
    );
    // A story and a change in one batch: the story shows the name after the batch.
    await stories(published('new-2', 'alice'), penName('alice', 'Lark', 'lark')).thenRows(
      cards(['new-1', 'new-2', 'old-1']),
      ['new-1', 'new-2', 'old-1'].map((id) => ({
        id,
        creatorKey: 'alice',
        creator: { name: 'Lark', handle: 'lark' },
      })),
    );
    const row = await readModel()
      .selectFrom('creators')
      .selectAll()
      .where('user_key', '=', 'alice')
      .execute();
    expect(row).toEqual([{ user_key: 'alice', pen_name: 'Lark', handle: 'lark' }]);
  });

  it('reads a pen name recorded in plain text before names were sealed', async () => {
    await stories(legacyPenName('frank', 'Old Moon', 'old-moon'), published('f-1', 'frank')).thenRows(
      cards(['f-1']),
      [{ id: 'f-1', creatorKey: 'frank', creator: { name: 'Old Moon', handle: 'old-moon' } }],
    );
  });

  it('an erased account has no creator row and its stories no pen name, in one batch or two, and on a rebuild', async () => {
    const creatorRows = (keys: string[]) => (db: ReturnType<typeof readModel>) =>
      db.selectFrom('creators').selectAll().where('user_key', 'in', keys).orderBy('user_key').execute();
    await stories(penName('gina', 'Grey Wolf', 'grey-wolf'), published('g-1', 'gina')).project();
    await stories(penName('hugo', 'Heron', 'heron'), published('h-1', 'hugo')).project();
    // Gina erased in a batch of her own; Hugo's choice, story and erasure in one batch, replayed
    // after his key is gone as a rebuild would.
    await stories(erased('gina')).thenRows(creatorRows(['gina']), []);
    const replayed = [penName('hugo', 'Heron', 'heron'), published('h-2', 'hugo'), erased('hugo')];
    await stories(...replayed).thenRows(creatorRows(['hugo']), []);
    await stories().thenRows(cards(['g-1', 'h-1', 'h-2']), [
      { id: 'g-1', creatorKey: 'gina', creator: null },
      { id: 'h-1', creatorKey: 'hugo', creator: null },
      { id: 'h-2', creatorKey: 'hugo', creator: null },
    ]);
  });
});

describe('follows and notifications (creators projection)', () => {
  const notifications = (userKey: string) => (db: ReturnType<typeof readModel>) =>
    db
      .selectFrom('creator_notifications')
      .select(['story_id', 'creator_key'])
      .where('user_key', '=', userKey)
      .orderBy('position')
      .execute();

  it('tells each follower of a story published while they follow, not before, not after unfollowing', async () => {
    await creators(
      published('b-0', 'bob'), // before anyone follows
      follow('carol', 'bob'),
      follow('dave', 'bob'),
      published('b-1', 'bob'),
      unfollow('dave', 'bob'),
      published('b-2', 'bob'),
      follow('erin', 'bob'), // after the last story, in the same batch
    ).project();
    expect(await notifications('carol')(readModel())).toEqual([
      { story_id: 'b-1', creator_key: 'bob' },
      { story_id: 'b-2', creator_key: 'bob' },
    ]);
    expect(await notifications('dave')(readModel())).toEqual([{ story_id: 'b-1', creator_key: 'bob' }]);
    expect(await notifications('erin')(readModel())).toEqual([]);
    const follows = await readModel()
      .selectFrom('follows')
      .select(['follower_key', 'creator_key'])
      .orderBy('follower_key')
      .execute();
    expect(follows).toEqual([
      { follower_key: 'carol', creator_key: 'bob' },
      { follower_key: 'erin', creator_key: 'bob' },
    ]);
  });

  it('tells a follower of a later batch from the follows kept, and not of the admin', async () => {
    await creators(published('b-3', 'bob'), published('admin-2', null)).thenRows(notifications('erin'), [
      { story_id: 'b-3', creator_key: 'bob' },
    ]);
  });

  it('keeps how far each reader has read, never backwards', async () => {
    await creators(seen('carol', 40), seen('carol', 30)).project();
    await creators(seen('carol', 20)).thenRows(
      (db) => db.selectFrom('notification_reads').selectAll().where('user_key', '=', 'carol').execute(),
      [{ user_key: 'carol', through: 40 }],
    );
  });
});
