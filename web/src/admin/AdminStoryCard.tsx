import { ratingLabel, type Story } from '@nocturne/domain';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ButtonGroup } from '../ui/ButtonGroup';
import { CopyButton } from '../ui/CopyButton';
import { EyeIcon, HeartIcon } from '../ui/icons';
import { imageSrc } from '../ui/image-src';
import { Pill } from '../ui/Pill';
import { surfaceClass } from '../ui/Surface';
import { storyTitle } from './story-title';
import './AdminStoryCard.css';

/** The admin card shows the first 60 characters of the first text. */
export function adminPreview(text: string | undefined): string {
  const value = text ?? '';
  return value.length > 60 ? `${value.slice(0, 60)}...` : value;
}

/**
 * A story card of the admin Stories tab: its name and creator (the id a click away), figures,
 * preview and counts; Details opens it beside the list, where its labels and rating are edited.
 * The actions sit on the card's last row, level across a row of cards.
 */
export function AdminStoryCard({
  story,
  selected = false,
  onOpen,
  onDelete,
}: {
  story: Story;
  selected?: boolean;
  onOpen(id: string): void;
  /** Absent when the role may not delete stories. */
  onDelete?: ((id: string, title: string) => void) | undefined;
}) {
  const first = story.images[0];
  const name = storyTitle(story.texts[0], 60);
  return (
    <article
      className={surfaceClass(selected ? 'admin-story admin-story--selected' : 'admin-story')}
      data-story-id={story.id}
      aria-labelledby={`admin-story-${story.id}`}
    >
      <div className="admin-story__image">
        {first ? <img src={imageSrc(first)} alt="" loading="lazy" /> : null}
        {story.isPremium ? (
          <Badge premium className="admin-story__badge">
            Premium
          </Badge>
        ) : null}
      </div>
      <div className="admin-story__body">
        <h3 className="admin-story__title" id={`admin-story-${story.id}`}>
          {name}
        </h3>
        <p className="admin-story__byline text-meta">
          by {story.creator.name} · {ratingLabel(story.rating)}
        </p>
        {story.hiddenReason !== undefined ? (
          <p className="admin-story__hidden">
            <Pill tone="warn">Hidden</Pill> <span className="text-muted">{story.hiddenReason}</span>
          </p>
        ) : null}
        <div className="admin-story__stats">
          <span>
            <EyeIcon aria-hidden="true" /> {story.views ?? 0} <span className="visually-hidden">views</span>
          </span>
          <span>
            <HeartIcon aria-hidden="true" /> {story.likes ?? 0} <span className="visually-hidden">likes</span>
          </span>
        </div>
        <p className="admin-story__text">{adminPreview(story.texts[0])}</p>
        <p className="admin-story__counts text-muted">
          {story.images.length} images, {story.texts.length} parts
        </p>
        <ButtonGroup label={`Act on ${name}`} className="admin-story__actions">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Details of ${name}`}
            onClick={() => onOpen(story.id)}
          >
            Details
          </Button>
          <CopyButton value={story.id} label="Copy id" copied="Story id copied" />
          {onDelete ? (
            <Button size="sm" variant="ghost" onClick={() => onDelete(story.id, name)}>
              Delete
            </Button>
          ) : null}
        </ButtonGroup>
      </div>
    </article>
  );
}
