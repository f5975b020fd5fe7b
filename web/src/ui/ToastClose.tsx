import { CloseIcon } from './icons';

/**
 * The cross that closes a toast-shaped notice (a message, the offline notice, the update banner),
 * named for what closing means there.
 *
 * @example
 *   <ToastClose label="Not now" onClick={dismiss} />
 */
export function ToastClose({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="btn btn--ghost btn--icon btn--sm toast__close"
      aria-label={label}
      onClick={onClick}
    >
      <CloseIcon />
    </button>
  );
}
