import { createRoot } from 'react-dom/client';
import { UpdateBanner } from './UpdateBanner';

let offered = false;

/**
 * Offers the new version once its worker has installed: a banner of its own root (it shows
 * over whatever page is open, outside the app's routes). Loaded only when an update is found
 * (./start-service-worker), which importing this module answers.
 */
export function offerUpdate(registration: ServiceWorkerRegistration): void {
  const worker = registration.waiting ?? registration.installing;
  if (!worker) return;
  const show = () => {
    if (offered || worker.state !== 'installed') return;
    offered = true;
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    root.render(
      <UpdateBanner
        worker={worker}
        workers={navigator.serviceWorker}
        reload={() => location.reload()}
        onClose={() => {
          root.unmount();
          host.remove();
        }}
      />,
    );
  };
  show();
  worker.addEventListener('statechange', show);
}

void navigator.serviceWorker.getRegistration().then((registration) => {
  if (registration) offerUpdate(registration);
});
