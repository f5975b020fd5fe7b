import { ToastClose } from '../ui/ToastClose';

/**
 * The start page opened without a connection, on a device that keeps stories for its reader:
 * the way to them (the profile opens offline with its "Kept offline" shelf). Drawn as a toast
 * (the toast's styles are the app's from the start; this module brings none).
 */
export function KeptStoriesNotice({ onClose }: { onClose(): void }) {
  return (
    <section className="toasts" aria-label="Offline">
      <div className="toast" role="status">
        <p className="toast__message">You are offline. Your kept stories open without a connection.</p>
        <a className="btn btn--ghost btn--sm toast__action" href="/profile">
          Read your kept stories
        </a>
        <ToastClose label="Close" onClick={onClose} />
      </div>
    </section>
  );
}
