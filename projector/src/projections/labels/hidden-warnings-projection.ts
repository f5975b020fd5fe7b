import type { ContentWarningId } from '@nocturne/domain';
import { idOf } from '@nocturne/events';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';

/**
 * Table `hidden_warnings`: each reader's latest choice of warnings to hide, keyed by the user
 * stream key. An empty choice and a deleted account leave no row.
 */
export const hiddenWarningsProjection: Projection = {
  name: 'hidden-warnings',
  handles: ['HiddenWarningsChosen', 'UserDeleted'],
  async applyBatch(trx, events) {
    const choice = new Map<string, ContentWarningId[]>();
    for (const event of events) {
      const userKey = idOf(event.streamName);
      if (event.type === 'HiddenWarningsChosen') choice.set(userKey, event.data.warnings);
      else if (event.type === 'UserDeleted') choice.set(userKey, []);
    }
    const cleared = [...choice].flatMap(([userKey, warnings]) => (warnings.length === 0 ? [userKey] : []));
    const chosen = [...choice].flatMap(([user_key, warnings]) =>
      warnings.length > 0 ? [{ user_key, warnings }] : [],
    );
    if (cleared.length > 0)
      await trx.deleteFrom('hidden_warnings').where('user_key', 'in', cleared).execute();
    await inChunks(chosen, (slice) =>
      trx
        .insertInto('hidden_warnings')
        .values(slice)
        .onConflict((oc) =>
          oc.column('user_key').doUpdateSet((eb) => ({ warnings: eb.ref('excluded.warnings') })),
        )
        .execute(),
    );
  },
};
