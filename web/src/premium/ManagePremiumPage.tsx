import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { RequireAuth } from '../auth/RequireAuth';
import { AccountPage } from '../layout/AccountPage';
import { PurchaseOffer } from '../purchase/PurchaseOffer';
import { Alert } from '../ui/Alert';
import { buttonClass } from '../ui/Button';
import { CrownIcon } from '../ui/page-icons';
import { surfaceClass } from '../ui/Surface';
import { CancelPremium } from './CancelPremium';
import './ManagePremiumPage.css';

/** `/subscription-manage` (subscription management), login required. */
export default function ManagePremiumRoute() {
  return (
    <RequireAuth>
      <ManagePremiumPage />
    </RequireAuth>
  );
}

function ManagePremiumPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <AccountPage title="Subscription">
      {user.is_subscribed ? <ActivePremium remaining={user.premium_stories_remaining} /> : <Upgrade />}
      <Link className={buttonClass('secondary', 'md', { className: 'manage-premium-back' })} to="/my-premium">
        My premium: confirmations, grants and stories unlocked
      </Link>
    </AccountPage>
  );
}

function ActivePremium({ remaining }: { remaining: number }) {
  return (
    <section className={surfaceClass('manage-premium-card')} aria-labelledby="plan-title">
      <div className="manage-premium-card__head">
        <CrownIcon className="manage-premium-card__icon" aria-hidden="true" />
        <h2 id="plan-title">Premium Member</h2>
      </div>
      <dl className="manage-premium-facts">
        <div>
          <dt>Current plan</dt>
          <dd>Premium Access (30 Stories)</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>One-time payment via PayPal</dd>
        </div>
        <div>
          <dt>Payment processor</dt>
          <dd>PayPal</dd>
        </div>
        <div>
          <dt>Premium stories remaining</dt>
          <dd data-testid="stories-remaining">{remaining}</dd>
        </div>
      </dl>
      {remaining === 0 ? (
        <Alert tone="warning" title="No premium stories left">
          You have read all the premium stories of your purchase. Buy more to keep reading premium stories.
        </Alert>
      ) : null}
      {remaining === 0 ? (
        <Link className={buttonClass('primary', 'lg', { block: true })} to="/subscription">
          Purchase More Premium Stories
        </Link>
      ) : null}
      <CancelPremium />
    </section>
  );
}

function Upgrade() {
  return (
    <section className={surfaceClass('manage-premium-card')} aria-labelledby="upgrade-title">
      <h2 id="upgrade-title">Upgrade to Premium</h2>
      <p className="text-muted">
        You have a free account. Unlock 30 premium stories of your choice with a single payment: no
        subscription and no recurring charges.
      </p>
      <PurchaseOffer codeLabel="Invite or discount code" />
    </section>
  );
}
