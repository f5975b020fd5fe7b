import { lazy, Suspense, useId, useRef, useState } from 'react';
import './StoryCardMenu.css';

// The menu and its report dialog load on the first click: the cards on the landing stay light.
const StoryCardMenuList = lazy(() => import('./StoryCardMenuList'));

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
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

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
      {open || reporting ? (
        <Suspense fallback={null}>
          <StoryCardMenuList
            menuId={menuId}
            storyId={storyId}
            loggedIn={loggedIn}
            open={open}
            reporting={reporting}
            onClose={() => setOpen(false)}
            onReport={(shown) => {
              setOpen(false);
              setReporting(shown);
            }}
            rootRef={rootRef}
            buttonRef={buttonRef}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
