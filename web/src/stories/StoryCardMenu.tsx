import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { ReportStory } from '../reports/ReportStory';
import './StoryCardMenu.css';

const MoreIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <circle cx="5" cy="12" r="2" fill="currentColor" />
    <circle cx="12" cy="12" r="2" fill="currentColor" />
    <circle cx="19" cy="12" r="2" fill="currentColor" />
  </svg>
);

/**
 * A card's menu (beside its link, so each stays operable on its own): "Report this story". The
 * menu closes on Escape, on a click elsewhere and on its item; the dialog gives focus back to
 * the menu's button.
 */
export function StoryCardMenu({ storyId, loggedIn }: { storyId: string; loggedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    itemRef.current?.focus();
    const away = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <div className="story-card__menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="story-card__more"
        aria-label="More actions for this story"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <MoreIcon />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          className="story-card__menu-list"
          aria-label="Story actions"
          onKeyDown={onKeyDown}
        >
          <button
            ref={itemRef}
            type="button"
            role="menuitem"
            className="story-card__menu-item"
            onClick={() => {
              setOpen(false);
              setReporting(true);
            }}
          >
            Report this story
          </button>
        </div>
      ) : null}
      <ReportStory
        storyId={storyId}
        open={reporting}
        onClose={() => setReporting(false)}
        loggedIn={loggedIn}
        returnFocusRef={buttonRef}
      />
    </div>
  );
}
