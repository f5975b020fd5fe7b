import { useQuery } from '@tanstack/react-query';
import { premiumMembersCountQuery } from './landing-queries';
import './PremiumMembersLine.css';

/**
 * "N users became subscribers in the last 30 days", a real count from
 * GET /api/stats/subscribers. Hidden when N is 0 or the call fails; the line's box is always
 * reserved so nothing below it moves when the number arrives.
 */
export function PremiumMembersLine() {
  const query = useQuery(premiumMembersCountQuery());
  const count = query.data?.last_30_days;
  const show = typeof count === 'number' && Number.isFinite(count) && count > 0;
  return (
    <p className="premium-members-line" aria-hidden={!show}>
      {show ? (
        <>
          <span className="premium-members-line__pulse" aria-hidden="true" />
          {count} users became subscribers in the last 30 days
        </>
      ) : null}
    </p>
  );
}
