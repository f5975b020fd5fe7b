import { idOf } from '@nocturne/events';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';

/**
 * Table `email_digest_members`: the members whose daily digest is on, keyed by the user stream
 * key. Turning it off and a deleted account leave no row.
 */
export const emailDigestProjection: Projection = {
  name: 'email-digest',
  handles: ['EmailDigestChosen', 'UserDeleted'],
  async applyBatch(trx, events) {
    const enabled = new Map<string, boolean>();
    for (const event of events) {
      const userKey = idOf(event.streamName);
      if (event.type === 'EmailDigestChosen') enabled.set(userKey, event.data.enabled);
      else if (event.type === 'UserDeleted') enabled.set(userKey, false);
    }
    const off = [...enabled].flatMap(([userKey, on]) => (on ? [] : [userKey]));
    const on = [...enabled].flatMap(([user_key, isOn]) => (isOn ? [{ user_key }] : []));
    if (off.length > 0) await trx.deleteFrom('email_digest_members').where('user_key', 'in', off).execute();
    await inChunks(on, (slice) =>
      trx
        .insertInto('email_digest_members')
        .values(slice)
        .onConflict((oc) => oc.column('user_key').doNothing())
        .execute(),
    );
  },
};
