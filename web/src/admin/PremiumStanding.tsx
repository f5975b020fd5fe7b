import { Pill } from '../ui/Pill';
import type { AdminUser } from './admin-api';
import './PremiumStanding.css';

/**
 * A user's premium as the staff see it: Premium (with the stories left) or Free, and a
 * chargeback flag. `left` is how the count is worded where it stands ("stories left" in the
 * user's panel, "left" in the table's narrow column).
 */
export function PremiumStanding({
  user,
  left,
}: {
  user: Pick<AdminUser, 'is_subscribed' | 'premium_stories_remaining' | 'flagged_for_staff'>;
  left: string;
}) {
  return (
    <>
      <Pill tone={user.is_subscribed ? 'premium' : 'plain'}>{user.is_subscribed ? 'Premium' : 'Free'}</Pill>
      {user.is_subscribed ? (
        <>
          {' '}
          <span className="text-meta premium-standing__left">
            {user.premium_stories_remaining} {left}
          </span>
        </>
      ) : null}
      {user.flagged_for_staff ? (
        <>
          {' '}
          <Pill tone="warn">Chargeback</Pill>
        </>
      ) : null}
    </>
  );
}
