import type { Story } from '@nocturne/domain';
import type { ReactNode } from 'react';
import { Alert } from '../ui/Alert';
import { StoryCard } from './StoryCard';
import type { StoryLinkState } from './story';
import './StoryGrid.css';

export const STORIES_FAILED_MESSAGE = 'Failed to load stories. Please try again later.';

export interface StoryGridProps {
  stories: Story[] | undefined;
  /** True while the first answer is awaited: skeleton cards hold the space. */
  loading: boolean;
  /** The list failed: the message replaces the grid. */
  failed: boolean;
  loggedIn: boolean;
  premiumMember: boolean;
  from: StoryLinkState['from'];
  /** How many skeleton cards to show while loading. */
  skeletons?: number;
  /** Shown when the list is empty. */
  empty?: ReactNode;
  /** Accessible name of the list. */
  label: string;
}

/**
 * The responsive card grid (2 columns on phones up to 5 on wide screens). The first card's image
 * (the largest paint) is fetched first, the rest of the first row at once, the others lazily.
 */
export function StoryGrid({
  stories,
  loading,
  failed,
  loggedIn,
  premiumMember,
  from,
  skeletons = 5,
  empty = 'No stories yet.',
  label,
}: StoryGridProps) {
  if (failed) {
    return (
      <Alert tone="error" className="story-grid__error">
        {STORIES_FAILED_MESSAGE}
      </Alert>
    );
  }
  if (loading || !stories) {
    return (
      <div className="story-grid" aria-busy="true">
        <span className="visually-hidden" role="status">
          Loading stories…
        </span>
        {Array.from({ length: skeletons }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: skeletons have no identity
          <div key={index} className="story-card story-card--skeleton" aria-hidden="true">
            <div className="story-card__media" />
            <div className="story-card__body">
              <span className="skeleton-line" />
              <span className="skeleton-line skeleton-line--short" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (stories.length === 0) {
    return <p className="story-grid__empty">{empty}</p>;
  }
  return (
    <ul className="story-grid" aria-label={label}>
      {stories.map((story, index) => (
        <li key={story.id} className="story-grid__item">
          <StoryCard
            story={story}
            loggedIn={loggedIn}
            premiumMember={premiumMember}
            priority={index < 5}
            first={index === 0}
            from={from}
          />
        </li>
      ))}
    </ul>
  );
}
