import { CARD_TAGS, ratingLabel, type Story, warningLabels } from '@nocturne/domain';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../ui/Badge';
import { AlertIcon, EyeIcon, HeartIcon, ImageIcon, LockIcon } from '../ui/icons';
import { imageSrc } from '../ui/image-src';
import { StoryCardMenu } from './StoryCardMenu';
import { type StoryLinkState, storyHref, storyPreview } from './story';
import './StoryCard.css';

export interface StoryCardProps {
  story: Story;
  /** Whether someone is logged in: a premium card sends a visitor to signup. */
  loggedIn: boolean;
  /** Whether the viewer may read premium stories: if not, a premium image is shown blurred. */
  premiumMember: boolean;
  /** Cards in the first row load their image at once; the rest lazily. */
  priority?: boolean;
  /**
   * The grid's first card: its image is the page's largest paint (LCP), fetched before the other
   * images of the first row (which would share the bandwidth of a slow phone if all were "high").
   */
  first?: boolean;
  /** Passed to the reader so its back button returns here. */
  from: StoryLinkState['from'];
}

// Only a logged-in reader has a bookmark: loaded apart, so the landing's first load stays within budget.
const BookmarkButton = lazy(() => import('../reading/BookmarkButton'));

/** The intrinsic size of a card image (3:4), so the browser reserves the box before it loads. */
const IMAGE_WIDTH = 360;
const IMAGE_HEIGHT = 480;

/**
 * A story card: first image, Premium badge, views, likes, 10-word preview;
 * and its reading time, rating, first 3 tags and a marker naming its content warnings.
 */
export function StoryCard({
  story,
  loggedIn,
  premiumMember,
  priority = false,
  first = false,
  from,
}: StoryCardProps) {
  const [failed, setFailed] = useState(false);
  const firstImage = story.images[0];
  const blurred = story.isPremium && !premiumMember;
  const locked = story.isPremium && !loggedIn;
  const preview = storyPreview(story.texts[0]);
  const tags = story.tags.slice(0, CARD_TAGS);
  const warnings = warningLabels(story.warnings);
  const state: StoryLinkState = { from };

  return (
    <article className={`story-card${story.isPremium ? ' story-card--premium' : ''}`}>
      <Link className="story-card__link" to={storyHref(story, loggedIn)} state={state}>
        <div className="story-card__media">
          {firstImage && !failed ? (
            <img
              className={`story-card__image${blurred ? ' story-card__image--blurred' : ''}`}
              src={imageSrc(firstImage)}
              alt=""
              width={IMAGE_WIDTH}
              height={IMAGE_HEIGHT}
              loading={priority || first ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : 'auto'}
              decoding="async"
              onError={() => setFailed(true)}
            />
          ) : (
            <div className="story-card__placeholder" aria-hidden="true">
              <ImageIcon />
            </div>
          )}
          {story.isPremium || warnings.length > 0 ? (
            // Top right, one under the other: the top left is the bookmark's, the bottom right the menu's.
            <div className="story-card__badges">
              {story.isPremium ? (
                <Badge premium className="story-card__badge">
                  {blurred ? <LockIcon /> : null}
                  Premium
                </Badge>
              ) : null}
              {warnings.length > 0 ? (
                <span
                  className="story-card__warning"
                  role="img"
                  aria-label={`Content warnings: ${warnings.join(', ')}`}
                  title={`Content warnings: ${warnings.join(', ')}`}
                >
                  <AlertIcon aria-hidden="true" />
                </span>
              ) : null}
            </div>
          ) : null}
          {story.ageAssuranceRequired ? (
            <span className="story-card__lock-note">Confirm your age to read</span>
          ) : blurred ? (
            <span className="story-card__lock-note">{locked ? 'Sign up to unlock' : 'Premium story'}</span>
          ) : null}
        </div>
        <div className="story-card__body">
          <p className="story-card__text">{preview}</p>
          <p className="story-card__byline text-muted" data-testid="story-byline">
            by {story.creator.name}
          </p>
          {tags.length > 0 ? (
            <ul className="story-card__tags" aria-label="Tags">
              {tags.map((tag) => (
                <li key={tag} className="story-card__tag">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="story-card__stats">
            <span className="story-card__stat">
              <EyeIcon />
              {story.views ?? 0}
              <span className="visually-hidden"> views</span>
            </span>
            <span className="story-card__stat story-card__stat--likes">
              <HeartIcon />
              {story.likes ?? 0}
              <span className="visually-hidden"> likes</span>
            </span>
            <span className="story-card__stat story-card__stat--time">
              {/* A narrow card shows "4 min"; the word stays for screen readers. */}
              {story.readingMinutes} min<span className="story-card__time-word"> read</span>
            </span>
            <span
              className={`story-card__rating story-card__rating--${story.rating}`}
              data-testid="story-rating"
            >
              {ratingLabel(story.rating)}
            </span>
          </div>
        </div>
      </Link>
      {/* Beside the link, not in it: a button inside a link is not operable on its own. */}
      {loggedIn ? (
        <Suspense fallback={null}>
          <BookmarkButton story={story} variant="card" />
        </Suspense>
      ) : null}
      <StoryCardMenu storyId={story.id} loggedIn={loggedIn} />
    </article>
  );
}
