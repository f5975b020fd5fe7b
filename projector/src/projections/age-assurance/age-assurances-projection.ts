import { type EventOf, idOf } from '@nocturne/events';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';

type Assurance = EventOf<'AgeAssured'>['data'];

/**
 * Table `age_assurances`: each member's latest age assurance, keyed by the user stream key:
 * method, provider, when and until when. A deleted account leaves no row.
 */
export const ageAssurancesProjection: Projection = {
  name: 'age-assurances',
  handles: ['AgeAssured', 'UserDeleted'],
  async applyBatch(trx, events) {
    const latest = new Map<string, Assurance | null>();
    for (const event of events) {
      const userKey = idOf(event.streamName);
      if (event.type === 'AgeAssured') latest.set(userKey, event.data);
      else if (event.type === 'UserDeleted') latest.set(userKey, null);
    }
    const gone = [...latest].flatMap(([userKey, assurance]) => (assurance ? [] : [userKey]));
    const assured = [...latest].flatMap(([user_key, assurance]) =>
      assurance
        ? [
            {
              user_key,
              method: assurance.method,
              provider: assurance.provider,
              assured_at: assurance.assuredAt,
              expires_at: assurance.expiresAt,
            },
          ]
        : [],
    );
    if (gone.length > 0) await trx.deleteFrom('age_assurances').where('user_key', 'in', gone).execute();
    await inChunks(assured, (slice) =>
      trx
        .insertInto('age_assurances')
        .values(slice)
        .onConflict((oc) =>
          oc.column('user_key').doUpdateSet((eb) => ({
            method: eb.ref('excluded.method'),
            provider: eb.ref('excluded.provider'),
            assured_at: eb.ref('excluded.assured_at'),
            expires_at: eb.ref('excluded.expires_at'),
          })),
        )
        .execute(),
    );
  },
};
