import { Link } from 'react-router-dom';
import { buttonClass } from '../ui/Button';
import { CrownIcon } from '../ui/page-icons';
import './UpsellBanner.css';

/**
 * Shown to a user without premium when at least one premium story exists.
 * Premium is a one-time purchase, so the labels say so: never a "/mo", which would promise a
 * subscription.
 */
export function UpsellBanner() {
  return (
    <aside className="upsell" aria-labelledby="upsell-title">
      <span className="upsell__icon" aria-hidden="true">
        <CrownIcon />
      </span>
      <div className="upsell__text">
        <h2 id="upsell-title" className="upsell__title">
          Unlock the premium collection
        </h2>
        <p>
          One payment of $15 opens 30 premium stories of your choice. No subscription, no recurring charges.
        </p>
      </div>
      <Link to="/subscription" className={buttonClass('primary', 'md', { className: 'upsell__action' })}>
        Get Premium - $15 one-time
      </Link>
    </aside>
  );
}
