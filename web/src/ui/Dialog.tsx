import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import './Dialog.css';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  /** The visible heading; the dialog is labelled by it (aria-labelledby). */
  title: ReactNode;
  children: ReactNode;
  /** Optional action row at the bottom (buttons). */
  footer?: ReactNode;
  /** 'wide' for long content such as the mission statement. */
  size?: 'normal' | 'wide';
  /** Extra class on the <dialog>, e.g. for a screen-specific layout. */
  className?: string;
  /**
   * Where focus goes on close when the opener is gone (e.g. an item of a menu that closed);
   * defaults to the element focused when the dialog opened.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /**
   * False for a panel beside the page (a side panel): the page stays usable around it, no
   * backdrop; Tab still cycles inside it and Escape still closes it.
   */
  modal?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The one modal of the app, on the native <dialog> element (showModal makes the rest of the page
 * inert and gives the top layer). On top of that it:
 * - keeps Tab / Shift+Tab cycling inside the dialog (the native element lets focus escape to the
 *   browser chrome),
 * - closes on Escape (the native `cancel` event) and on a click on the backdrop,
 * - gives focus back to the element that had it when the dialog opened.
 * It is rendered at the end of <body>, whoever opens it: the top layer lifts the box but not
 * the styles it inherits, so a dialog opened from a bar that lets clicks through
 * (`pointer-events: none`, as the reader's) would take no click of its own.
 * It is controlled: the parent owns `open` and learns of a close through `onClose`.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'normal',
  className,
  returnFocusRef,
  modal = true,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnFocusRefRef = useRef(returnFocusRef);
  returnFocusRefRef.current = returnFocusRef;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (modal && typeof dialog.showModal === 'function') dialog.showModal();
      else if (!modal && typeof dialog.show === 'function') dialog.show();
      else dialog.setAttribute('open', ''); // jsdom has no showModal
    }
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      // Return focus to the opener if it is still on the page (it may have been unmounted).
      const target =
        opener?.isConnected && opener !== document.body ? opener : returnFocusRefRef.current?.current;
      target?.focus();
    };
  }, [open, modal]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    // A non-modal dialog gets no `cancel` from the browser on Escape.
    if (!modal && event.key === 'Escape') {
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const dialog = ref.current;
    if (!dialog) return;
    const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => !element.closest('[hidden]'),
    );
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!open) return null;

  return createPortal(
    <dialog
      ref={ref}
      className={['dialog', size === 'wide' ? 'dialog--wide' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault(); // stay controlled: the parent decides
        onCloseRef.current();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // A click whose target is the <dialog> itself landed on the backdrop.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div className="dialog__header">
        <h2 className="dialog__title" id={titleId}>
          {title}
        </h2>
        <button
          type="button"
          className="btn btn--ghost btn--icon dialog__close"
          aria-label="Close"
          onClick={() => onCloseRef.current()}
        >
          <CloseIcon />
        </button>
      </div>
      {/* Focusable so a long body can be scrolled with the keyboard (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <div className="dialog__body" tabIndex={0}>
        {children}
      </div>
      {footer ? <div className="dialog__footer">{footer}</div> : null}
    </dialog>,
    document.body,
  );
}
