import { Link } from 'react-router-dom';
import { buttonClass } from '../ui/Button';
import { ArrowLeftIcon, CrownIcon } from '../ui/icons';

/**
 * Shown in place of a premium story to a logged-in reader without premium (spec.md section 2,
 * Premium gate): what premium gives and the way to the purchase page.
 */
export function PremiumGate({ backTo }: { backTo: string }) {
  return (
    <div className="page">
      <main className="centered-panel reader-gate">
        <CrownIcon className="reader-gate__icon" />
        <h1 className="reader-gate__title">This is a Premium Story</h1>
        <p className="text-muted">
          Premium access unlocks 30 premium stories of your choice with a one-time payment: no recurring
          charges, no ads, and every free story stays unlimited.
        </p>
        <Link className={buttonClass('primary', 'lg', { block: true })} to="/subscription">
          Get Premium Access
        </Link>
        <Link className={buttonClass('ghost', 'md', { block: true })} to={backTo}>
          <ArrowLeftIcon />
          Back to Stories
        </Link>
      </main>
    </div>
  );
}
