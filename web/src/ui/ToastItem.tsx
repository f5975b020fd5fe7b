import { useEffect, useRef, useState } from 'react';
import { ToastClose } from './ToastClose';
import type { ShownToast } from './toast-message';

/** How long a toast stays: long enough to read it and reach its Undo. */
export const TOAST_MS = 8000;

/** One toast, a status (an error: an alert) with its action and close button. */
export default function ToastItem({ toast, onClose }: { toast: ShownToast; onClose(): void }) {
  const [paused, setPaused] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onCloseRef.current(), TOAST_MS);
    return () => clearTimeout(timer);
  }, [paused]);
  return (
    // Hovering or focusing a toast keeps it, so its Undo can be reached without a race.
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only pause the toast's timer; its buttons are the controls
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      className={`toast toast--${toast.tone ?? 'info'}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p className="toast__message">{toast.message}</p>
      {toast.action ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm toast__action"
          onClick={() => {
            toast.action?.onAction();
            onClose();
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <ToastClose label="Close message" onClick={onClose} />
    </div>
  );
}
