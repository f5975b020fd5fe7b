import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/Button';
import { surfaceClass } from '../ui/Surface';
import './CancelPremium.css';

/** The cancellation is simulated for 1 s. */
const CANCEL_SIMULATION_MS = 1000;

export const cancelledAlert =
  'Your premium access has been cancelled. Premium is a one-time purchase, so you will not be charged again, and your access continues until your remaining premium stories are used (there is no next billing date).';

/**
 * The cancel flow, worded for a one-time purchase: a confirm panel, a
 * simulated 1-second wait, then an alert. No server call is made: nothing recurs, so there is
 * nothing to stop.
 */
export function CancelPremium() {
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function cancel() {
    setCancelling(true);
    timer.current = setTimeout(() => {
      setCancelling(false);
      setConfirming(false);
      alert(cancelledAlert);
    }, CANCEL_SIMULATION_MS);
  }

  if (!confirming) {
    return (
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        Cancel Premium
      </Button>
    );
  }
  return (
    <section className={surfaceClass('cancel-panel')} aria-labelledby="cancel-title">
      <h3 id="cancel-title">Cancel premium?</h3>
      <p className="text-muted">
        Premium is a one-time purchase: there are no recurring charges to stop. Your remaining premium stories
        stay available to you.
      </p>
      <div className="cancel-panel__actions">
        <Button variant="danger" onClick={cancel} loading={cancelling} loadingLabel="Cancelling...">
          Yes, Cancel
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancelling}>
          Keep Premium
        </Button>
      </div>
    </section>
  );
}
