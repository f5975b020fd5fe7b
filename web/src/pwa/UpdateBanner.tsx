import { useState } from 'react';
import { ToastClose } from '../ui/ToastClose';

interface UpdateBannerProps {
  /** The new version's worker, installed and waiting to take over. */
  worker: ServiceWorker;
  /** The page's service worker container: it tells when the new worker has taken over. */
  workers: Pick<ServiceWorkerContainer, 'addEventListener'>;
  reload(): void;
  onClose(): void;
}

/**
 * "A new version is available — Reload": the new worker waits until the reader chooses, so a
 * story being read is never swapped under them. Reload asks it to take over (Workbox's
 * SKIP_WAITING message) and reloads the page once it has; Not now leaves it waiting, and it
 * takes over when every tab of the app has closed.
 */
export function UpdateBanner({ worker, workers, reload, onClose }: UpdateBannerProps) {
  const [reloading, setReloading] = useState(false);
  const takeUpdate = () => {
    setReloading(true);
    workers.addEventListener('controllerchange', () => reload(), { once: true });
    worker.postMessage({ type: 'SKIP_WAITING' });
  };
  // Drawn as a toast (the toast's styles are the app's from the start; this module brings none).
  return (
    <section className="toasts" aria-label="Update">
      <div className="toast" role="status">
        <p className="toast__message">A new version is available</p>
        <button
          type="button"
          className="btn btn--ghost btn--sm toast__action"
          onClick={takeUpdate}
          disabled={reloading}
        >
          {reloading ? 'Reloading…' : 'Reload'}
        </button>
        <ToastClose label="Not now" onClick={onClose} />
      </div>
    </section>
  );
}
