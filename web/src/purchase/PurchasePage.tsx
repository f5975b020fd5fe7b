import { RequireAuth } from '../auth/RequireAuth';
import { BackLink } from '../ui/BackLink';
import { centeredPanelClass } from '../ui/CenteredPanel';
import { CrownIcon } from '../ui/page-icons';
import { PurchaseOffer } from './PurchaseOffer';
import './PurchasePage.css';

/**
 * The premium gate / purchase page: shown at /subscription and in place of
 * a premium story for a reader without premium. Logged-out visitors go to /auth/login.
 */
export function PurchasePage() {
  return (
    <RequireAuth>
      <div className="page purchase-page">
        <main id="main" className={centeredPanelClass('purchase-panel')}>
          <BackLink to="/profile" className="purchase-back">
            Back to My Profile
          </BackLink>
          <CrownIcon className="purchase-panel__icon" aria-hidden="true" />
          <h1 className="purchase-panel__title">This is a Premium Story</h1>
          <p className="text-muted">
            Unlock premium access with a one-time payment and choose the 30 premium stories you want to read.
          </p>
          <PurchaseOffer />
        </main>
      </div>
    </RequireAuth>
  );
}

export default PurchasePage;
