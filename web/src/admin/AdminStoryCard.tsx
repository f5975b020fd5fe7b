import type { Story } from '@nocturne/domain';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { EyeIcon, HeartIcon } from '../ui/icons';
import { imageSrc } from '../ui/image-src';
import { surfaceClass } from '../ui/Surface';
import { AdminStoryLabels } from './AdminStoryLabels';
import { AdminStoryRating } from './AdminStoryRating';
import { useAdminAccess } from './admin-access';
import { storyTitle } from './story-title';
import './AdminStoryCard.css';

/** The admin card shows the first 60 characters of the first text. */
export function adminPreview(text: string | undefined): string {
  const value = text ?? '';
  return value.length > 60 ? `${value.slice(0, 60)}...` : value;
}

/** A story card of the admin Stories tab. */
export function AdminStoryCard({
  story,
  token,
  onDelete,
}: {
  story: Story;
  token: string;
  /** Absent when the role may not delete stories. */
  onDelete?: ((id: string) => void) | undefined;
}) {
  const { may } = useAdminAccess();
  const first = story.images[0];
  const name = storyTitle(story.texts[0]);
  return (
    <article className={surfaceClass('admin-story')} data-story-id={story.id}>
      <div className="admin-story__image">
        {first ? <img src={imageSrc(first)} alt="" loading="lazy" /> : null}
        {story.isPremium ? (
          <Badge premium className="admin-story__badge">
            Premium
          </Badge>
        ) : null}
      </div>
      <div className="admin-story__body">
        <div className="admin-story__stats">
          <span>
            <EyeIcon aria-hidden="true" /> {story.views ?? 0} <span className="visually-hidden">views</span>
          </span>
          <span>
            <HeartIcon aria-hidden="true" /> {story.likes ?? 0} <span className="visually-hidden">likes</span>
          </span>
        </div>
        <p className="admin-story__id">ID: {story.id}</p>
        <p className="admin-story__text">{adminPreview(story.texts[0])}</p>
        <p className="admin-story__counts text-muted">
          {story.images.length} images, {story.texts.length} parts
        </p>
        {may('PUT', '/api/admin/stories/:id/labels') ? (
          <AdminStoryLabels story={story} token={token} name={name} />
        ) : null}
        {may('POST', '/api/admin/stories/:id/rating') ? (
          <AdminStoryRating story={story} token={token} name={name} />
        ) : null}
        {onDelete ? (
          <Button size="sm" variant="danger" onClick={() => onDelete(story.id)}>
            Delete
          </Button>
        ) : null}
      </div>
    </article>
  );
}
