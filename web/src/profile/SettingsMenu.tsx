import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { penNameQuery } from '../creators/creator-queries';
import type { InfoDialogName } from '../layout/info-dialog-name';
import { buttonClass } from '../ui/Button';
import { SettingsIcon } from '../ui/page-icons';
import './SettingsMenu.css';

interface Props {
  onOpenDialog(name: InfoDialogName): void;
  onLogout(): void;
  /** The toggle button, so a dialog opened from the menu can give focus back to it. */
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The profile's settings menu: About Us, Contact, Subscription, My premium, a creator's Studio
 * and page, Logout.
 * A disclosure: the button toggles a panel; Escape or a click outside closes it and focus goes
 * back to the button.
 */
export function SettingsMenu({ onOpenDialog, onLogout, buttonRef }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panel = useRef<HTMLElement>(null);
  // A creator (anyone with a pen name: chosen with their first story) has a studio and a page.
  const { token } = useAuth();
  const creator = useQuery(penNameQuery(token)).data;

  useEffect(() => {
    if (!open) return;
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    function onPointer(event: PointerEvent) {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, buttonRef]);

  function choose(name: InfoDialogName) {
    setOpen(false);
    onOpenDialog(name);
  }

  return (
    <div className="settings">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass('ghost', 'md', { icon: true })}
        aria-label="Settings"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <SettingsIcon />
      </button>
      {open ? (
        <nav ref={panel} id={panelId} className="settings__panel" aria-label="Settings menu">
          <button type="button" className="settings__item" onClick={() => choose('about')}>
            About Us
          </button>
          <button type="button" className="settings__item" onClick={() => choose('contact')}>
            Contact
          </button>
          <Link to="/subscription-manage" className="settings__item">
            Subscription
          </Link>
          <Link to="/my-premium" className="settings__item">
            My premium
          </Link>
          {creator?.handle ? (
            <>
              <Link to="/studio" className="settings__item">
                Studio
              </Link>
              <Link to={`/creator/${encodeURIComponent(creator.handle)}`} className="settings__item">
                My creator page
              </Link>
            </>
          ) : null}
          <hr className="settings__divider" />
          <button
            type="button"
            className="settings__item settings__item--danger"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            Logout
          </button>
        </nav>
      ) : null}
    </div>
  );
}
