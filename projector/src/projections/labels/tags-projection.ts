import type { Projection } from '../../runner/projection';

/** Table `tags`: the curated list as the admin left it (the last event per tag wins). */
export const tagsProjection: Projection = {
  name: 'tags',
  handles: ['TagAdded', 'TagRemoved'],
  async applyBatch(trx, events) {
    const last = new Map<string, { added_at: Date } | null>();
    for (const event of events) {
      if (event.type === 'TagAdded') last.set(event.data.tag, { added_at: event.recordedAt });
      else if (event.type === 'TagRemoved') last.set(event.data.tag, null);
    }
    const removed = [...last].flatMap(([tag, row]) => (row ? [] : [tag]));
    const added = [...last].flatMap(([tag, row]) => (row ? [{ tag, ...row }] : []));
    if (removed.length > 0) await trx.deleteFrom('tags').where('tag', 'in', removed).execute();
    if (added.length > 0) {
      await trx
        .insertInto('tags')
        .values(added)
        .onConflict((oc) => oc.column('tag').doUpdateSet((eb) => ({ added_at: eb.ref('excluded.added_at') })))
        .execute();
    }
  },
};
