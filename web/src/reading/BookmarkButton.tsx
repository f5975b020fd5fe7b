import type { Story } from '@nocturne/domain';
import { Icon } from '../ui/icons';
import { useSavedIds, useToggleSaved } from './use-saved';
import './BookmarkButton.css';

// Here rather than in ui/icons.tsx: that module is in the landing's first load, this one is lazy.
const BookmarkIcon = () => (
  <Icon>
    <path d="M6 3h12v18l-6-4.5L6 21z" />
  </Icon>
);

export interface BookmarkButtonProps {
  story: Story;
  /** `card`: an icon over the card's image; `end`: a labelled button on The End screen. */
  variant: 'card' | 'end';
}

/**
 * Keeps a story in "Saved", or takes it out: one click either way, so a click by mistake is undone
 * by the next. The state is the button's pressed state, and announced.
 */
export function BookmarkButton({ story, variant }: BookmarkButtonProps) {
  const saved = useSavedIds().has(story.id);
  const toggle = useToggleSaved(story);
  const label = saved ? 'Saved' : 'Save';
  return (
    <>
      <button
        type="button"
        className={`bookmark bookmark--${variant}${saved ? ' bookmark--saved' : ''}`}
        aria-pressed={saved}
        aria-label={variant === 'card' ? `Save story` : undefined}
        title={saved ? 'Saved: click to remove from Saved' : 'Save for later'}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!saved)}
      >
        <BookmarkIcon />
        {variant === 'end' ? label : null}
      </button>
      {toggle.isSuccess || toggle.isError ? (
        <span className="visually-hidden" role="status">
          {toggle.isError
            ? 'Could not change Saved. Please try again.'
            : saved
              ? 'Saved'
              : 'Removed from Saved'}
        </span>
      ) : null}
    </>
  );
}

export default BookmarkButton;
