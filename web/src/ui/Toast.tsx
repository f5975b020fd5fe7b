import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import './Toast.css';

export interface ToastAction {
  label: string;
  onAction(): void;
}

export interface ToastMessage {
  message: string;
  tone?: 'success' | 'error' | 'info';
  /** One action offered with the message, e.g. Undo; taking it closes the toast. */
  action?: ToastAction;
}

interface ShownToast extends ToastMessage {
  id: number;
}

type ShowToast = (toast: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** How long a toast stays: long enough to read it and reach its Undo. */
export const TOAST_MS = 8000;

/**
 * The app's toasts: short messages after an action, at the bottom of the screen, announced by
 * a polite live region (errors assertively), each closing by itself, by its close button, or
 * when its action is taken. At most three show; the oldest goes first.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);
  const close = useCallback((id: number) => setToasts((shown) => shown.filter((t) => t.id !== id)), []);
  const show = useCallback<ShowToast>((toast) => {
    const id = nextId.current++;
    setToasts((shown) => [...shown.slice(-2), { ...toast, id }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {createPortal(
        <section className="toasts" aria-label="Messages">
          <div role="status" aria-live="polite" className="toasts__list">
            {toasts
              .filter((t) => t.tone !== 'error')
              .map((toast) => (
                <ToastItem key={toast.id} toast={toast} onClose={() => close(toast.id)} />
              ))}
          </div>
          <div role="alert" className="toasts__list">
            {toasts
              .filter((t) => t.tone === 'error')
              .map((toast) => (
                <ToastItem key={toast.id} toast={toast} onClose={() => close(toast.id)} />
              ))}
          </div>
        </section>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onClose }: { toast: ShownToast; onClose(): void }) {
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
      <button
        type="button"
        className="btn btn--ghost btn--icon btn--sm toast__close"
        aria-label="Close message"
        onClick={onClose}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** Shows a toast: `const toast = useToast(); toast({ message: 'Saved', action: { label: 'Undo', onAction } })`. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  const fallback = useMemo<ShowToast>(
    () => (toast) => {
      throw new Error(`A toast was shown outside a ToastProvider: ${toast.message}`);
    },
    [],
  );
  return show ?? fallback;
}
