import type { ReadingSettings } from '@nocturne/domain';
import { idOf } from '@nocturne/events';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';

/**
 * Table `reading_settings`: each member's latest choice of reading settings, keyed by the user
 * stream key. A deleted account leaves no row.
 */
export const readingSettingsProjection: Projection = {
  name: 'reading-settings',
  handles: ['ReadingSettingsChosen', 'UserDeleted'],
  async applyBatch(trx, events) {
    const latest = new Map<string, ReadingSettings | null>();
    for (const event of events) {
      const userKey = idOf(event.streamName);
      if (event.type === 'ReadingSettingsChosen') latest.set(userKey, event.data);
      else if (event.type === 'UserDeleted') latest.set(userKey, null);
    }
    const gone = [...latest].flatMap(([userKey, settings]) => (settings ? [] : [userKey]));
    const chosen = [...latest].flatMap(([user_key, settings]) =>
      settings ? [{ user_key, settings: JSON.stringify(settings) }] : [],
    );
    if (gone.length > 0) await trx.deleteFrom('reading_settings').where('user_key', 'in', gone).execute();
    await inChunks(chosen, (slice) =>
      trx
        .insertInto('reading_settings')
        .values(slice)
        .onConflict((oc) =>
          oc.column('user_key').doUpdateSet((eb) => ({ settings: eb.ref('excluded.settings') })),
        )
        .execute(),
    );
  },
};
