import { ratingLabel, type Story } from '@nocturne/domain';
import { Link } from 'react-router-dom';
import { Facts } from '../audit/Facts';
import { Alert } from '../ui/Alert';
import { Button, buttonClass } from '../ui/Button';
import { ButtonGroup } from '../ui/ButtonGroup';
import { CopyButton } from '../ui/CopyButton';
import { EmptyNote } from '../ui/EmptyNote';
import { imageSrc } from '../ui/image-src';
import { Pill } from '../ui/Pill';
import { SectionSubtitle } from '../ui/SectionTitle';
import { SidePanel } from '../ui/SidePanel';
import { Spinner } from '../ui/Spinner';
import { AdminStoryLabels } from './AdminStoryLabels';
import { AdminStoryRating } from './AdminStoryRating';
import { useAdminAccess } from './admin-access';
import { storyTitle } from './story-title';
import './StoryPanel.css';

/**
 * One story beside the list (`?story=` keeps it): its creator, rating, figures and id, its
 * labels and rating with their edits, every slide by number, and Delete where the role may.
 */
export function StoryPanel({
  token,
  open,
  story,
  loading,
  failed,
  onClose,
  onDelete,
}: {
  token: string;
  open: boolean;
  story: Story | null;
  loading: boolean;
  failed: boolean;
  onClose(): void;
  onDelete?: ((id: string, title: string) => void) | undefined;
}) {
  const title = story ? storyTitle(story.texts[0]) : 'Story';
  return (
    <SidePanel
      open={open}
      onClose={onClose}
      title={title}
      footer={
        story && (story.hiddenReason === undefined || onDelete) ? (
          <ButtonGroup label={`Act on ${title}`}>
            {story.hiddenReason === undefined ? (
              <Link className={buttonClass('secondary', 'sm')} to={`/story/${story.id}`} target="_blank">
                Open the story
              </Link>
            ) : null}
            {onDelete ? (
              <Button size="sm" variant="danger" onClick={() => onDelete(story.id, title)}>
                Delete
              </Button>
            ) : null}
          </ButtonGroup>
        ) : undefined
      }
    >
      {story ? (
        <StoryDetails token={token} story={story} name={title} />
      ) : loading ? (
        <Spinner label="Loading the story…" block />
      ) : failed ? (
        <Alert tone="error">The story could not be loaded: it may have been deleted or hidden.</Alert>
      ) : (
        <EmptyNote>No story is open.</EmptyNote>
      )}
    </SidePanel>
  );
}

function StoryDetails({ token, story, name }: { token: string; story: Story; name: string }) {
  const { may } = useAdminAccess();
  return (
    <div className="story-panel" data-story-id={story.id}>
      <Facts
        label="Story"
        facts={[
          {
            term: 'Creator',
            value: story.creator.handle ? (
              <Link to={`/creator/${story.creator.handle}`}>{story.creator.name}</Link>
            ) : (
              story.creator.name
            ),
          },
          { term: 'Rating', value: ratingLabel(story.rating) },
          ...(story.hiddenReason !== undefined
            ? [
                {
                  term: 'State',
                  value: (
                    <span>
                      <Pill tone="warn">Hidden</Pill> {story.hiddenReason}
                    </span>
                  ),
                },
              ]
            : []),
          {
            term: 'Access',
            value: (
              <Pill tone={story.isPremium ? 'premium' : 'plain'}>{story.isPremium ? 'Premium' : 'Free'}</Pill>
            ),
          },
          { term: 'Views', value: story.views ?? 0 },
          { term: 'Likes', value: story.likes ?? 0 },
          {
            term: 'Story id',
            value: (
              <span className="story-panel__id">
                <span className="text-mono">{story.id}</span>
                <CopyButton value={story.id} label="Copy id" copied="Story id copied" />
              </span>
            ),
          },
        ]}
      />
      {may('PUT', '/api/admin/stories/:id/labels') ? (
        <section className="story-panel__part" aria-label="Labels">
          <AdminStoryLabels story={story} token={token} name={name} />
        </section>
      ) : null}
      {may('POST', '/api/admin/stories/:id/rating') ? (
        <section className="story-panel__part" aria-label="Rating">
          <AdminStoryRating story={story} token={token} name={name} />
        </section>
      ) : null}
      <section aria-labelledby="story-panel-slides" className="story-panel__part">
        <SectionSubtitle id="story-panel-slides">Slides ({story.texts.length})</SectionSubtitle>
        <ol className="story-panel__slides">
          {story.texts.map((text, index) => {
            const image = story.images[index];
            return (
              // Slides have no id of their own: their place in the story is what names them.
              // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its position
              <li key={index} className="story-panel__slide">
                <span className="story-panel__number">Slide {index + 1}</span>
                {image ? <img src={imageSrc(image)} alt="" loading="lazy" /> : null}
                <p>{text}</p>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
