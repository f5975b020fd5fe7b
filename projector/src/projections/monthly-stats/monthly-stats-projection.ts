import { idOf } from '@nocturne/events';
import { monthOf } from '@nocturne/events/domain';
import type { Projection } from '../../runner/projection';

type Counter = 'registrations' | 'verified' | 'premium';

/**
 * The admin's Monthly Growth: registrations, verifications and users granted premium per
 * calendar month in UTC, by the time each event was recorded (never the clock, so a rebuild
 * gives the same rows). Months with nothing are not stored; the query fills them with zeros.
 */
export const monthlyStatsProjection: Projection = {
  name: 'monthly-stats',
  handles: ['UserRegistered', 'EmailVerified', 'PremiumGranted'],
  async apply(trx, event) {
    const month = monthOf(event.recordedAt);
    const count = async (counter: Counter) => {
      await trx
        .insertInto('monthly_stats')
        .values({ month, [counter]: 1 })
        .onConflict((oc) =>
          oc.column('month').doUpdateSet((eb) => ({ [counter]: eb(`monthly_stats.${counter}`, '+', 1) })),
        )
        .execute();
    };
    switch (event.type) {
      case 'UserRegistered':
        return count('registrations');
      case 'EmailVerified':
        return count('verified');
      case 'PremiumGranted': {
        // A second grant to the same user in the same month is not a new premium user.
        const first = await trx
          .insertInto('monthly_premium_users')
          .values({ month, user_key: idOf(event.streamName) })
          .onConflict((oc) => oc.doNothing())
          .returning('month')
          .executeTakeFirst();
        if (first) await count('premium');
        return;
      }
    }
  },
};
