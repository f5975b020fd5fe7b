import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import type { ShownToast, ToastMessage } from './toast-message';
import './Toast.css';

// The first toast comes after an action, never on the first paint: its code loads when needed,
// which keeps it out of the landing page's first load.
const ToastItem = lazy(() => import('./ToastItem'));

type ShowToast = (toast: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The app's toasts: short messages after an action, at the bottom of the screen, announced by
 * a polite live region (errors assertively), each closing by itself, by its close button, or
 * when its action is taken. At most three show; the oldest goes first. The live regions are
 * there from the start (a region added with its message is often not read out); they carry no
 * role of their own, so an empty one is never taken for a page's status or alert.
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
          <div aria-live="polite" className="toasts__list">
            <Suspense fallback={null}>
              {toasts
                .filter((t) => t.tone !== 'error')
                .map((toast) => (
                  <ToastItem key={toast.id} toast={toast} onClose={() => close(toast.id)} />
                ))}
            </Suspense>
          </div>
          <div aria-live="assertive" className="toasts__list">
            <Suspense fallback={null}>
              {toasts
                .filter((t) => t.tone === 'error')
                .map((toast) => (
                  <ToastItem key={toast.id} toast={toast} onClose={() => close(toast.id)} />
                ))}
            </Suspense>
          </div>
        </section>,
        document.body,
      )}
    </ToastContext.Provider>
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
