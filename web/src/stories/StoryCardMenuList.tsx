import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { ReportStory } from '../reports/ReportStory';

export interface StoryCardMenuListProps {
  menuId: string;
  storyId: string;
  loggedIn: boolean;
  /** Whether the menu's list shows. */
  open: boolean;
  /** Whether the report dialog shows. */
  reporting: boolean;
  onClose(): void;
  /** Opens (true) or closes (false) the report dialog; the list closes either way. */
  onReport(shown: boolean): void;
  /** The menu's root: a click outside it closes the list. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** The menu's button, where focus goes back to. */
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/** A card menu's list and its report dialog, loaded when the menu first opens. */
export default function StoryCardMenuList({
  menuId,
  storyId,
  loggedIn,
  open,
  reporting,
  onClose,
  onReport,
  rootRef,
  buttonRef,
}: StoryCardMenuListProps) {
  const itemRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    itemRef.current?.focus();
    const away = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onCloseRef.current();
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open, rootRef]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    onClose();
    buttonRef.current?.focus();
  }

  return (
    <>
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
            onClick={() => onReport(true)}
          >
            Report this story
          </button>
        </div>
      ) : null}
      <ReportStory
        storyId={storyId}
        open={reporting}
        onClose={() => onReport(false)}
        loggedIn={loggedIn}
        returnFocusRef={buttonRef}
      />
    </>
  );
}
