import { useEffect, useState } from 'react';
import { Button } from '../ui/Button';
import { kept } from './install-event';
import { INSTALL_DISMISSED_KEY, readDismissedAt, shouldOfferInstall } from './install-offer-rules';
import './InstallOffer.css';

function offerNow(): boolean {
  return shouldOfferInstall({
    installable: kept.install !== undefined,
    returning: Boolean(navigator.serviceWorker?.controller),
    dismissedAt: readDismissedAt(localStorage),
    now: Date.now(),
  });
}

/**
 * "Install Nocturne": offered where a reader has shown they like it here (the end of a story,
 * their profile), never on a first visit, and not again for 30 days after "Not now". Install
 * opens the browser's own dialog; the offer goes away whatever the reader chooses there.
 */
export function InstallOffer() {
  const [shown, setShown] = useState(offerNow);
  useEffect(() => {
    // Installed from the browser's own menu meanwhile: nothing left to offer.
    const hide = () => setShown(false);
    addEventListener('appinstalled', hide);
    return () => removeEventListener('appinstalled', hide);
  }, []);
  if (!shown) return null;

  const install = async () => {
    const event = kept.install;
    kept.install = undefined; // an event prompts once
    setShown(false);
    await event?.prompt();
  };
  const notNow = () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
    } catch {
      // Storage refused: the offer goes for this visit only.
    }
    setShown(false);
  };

  return (
    <section className="install-offer" aria-labelledby="install-offer-title">
      <h2 id="install-offer-title" className="install-offer__title">
        Install Nocturne
      </h2>
      <p className="install-offer__text">
        Open your stories from your home screen, in a window of their own.
      </p>
      <div className="install-offer__actions">
        <Button variant="primary" size="sm" onClick={() => void install()}>
          Install
        </Button>
        <Button variant="ghost" size="sm" onClick={notNow}>
          Not now
        </Button>
      </div>
    </section>
  );
}
