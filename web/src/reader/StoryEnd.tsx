import type { Story } from '@nocturne/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { FollowButton } from '../creators/FollowButton';
import { KeepOfflineButton } from '../offline/KeepOfflineButton';
import { InstallOffer } from '../pwa/InstallOffer';
import { BookmarkButton } from '../reading/BookmarkButton';
import { storyPreview } from '../stories/story';
import { Button, buttonClass } from '../ui/Button';
import { HeartIcon } from '../ui/icons';
import { imageSrc } from '../ui/image-src';
import { readNextQuery } from './read-next';
import { useLikeStory } from './use-like-story';
import './StoryReader.css';
import './StoryEnd.css';

export interface StoryEndProps {
  story: Story;
  /** The story query's count: a like updates the query, and so this. */
  likes: number;
  backTo: string;
  /**
   * Whether the reader has scrolled to the end: the title and what to read next show from then
   * on, so opening a story asks for nothing more and its first slide's text is on the page once.
   */
  reached: boolean;
}

/**
 * "The End": the story's title and creator, a like button, disabled once the reader has liked the
 * story during this visit, showing the count the server answered; up to three stories to read
 * next; and Read More Stories.
 */
export function StoryEnd({ story, likes, backTo, reached }: StoryEndProps) {
  const like = useLikeStory(story.id);
  const { token } = useAuth();
  const liked = like.isSuccess;

  return (
    <section className="reader__end" aria-labelledby="reader-end-title">
      <h2 id="reader-end-title" className="reader__end-title">
        The End
      </h2>
      {reached ? <p className="reader__end-story">{storyPreview(story.texts[0])}</p> : null}
      <Button
        variant={liked ? 'secondary' : 'primary'}
        size="lg"
        className="reader__like"
        onClick={() => like.mutate()}
        disabled={liked || like.isPending}
        aria-pressed={liked}
      >
        <HeartIcon />
        {liked ? 'Liked' : 'Like'}
        <span className="reader__like-count">
          {likes}
          <span className="visually-hidden"> likes</span>
        </span>
      </Button>
      {token ? <BookmarkButton story={story} variant="end" /> : null}
      {token ? <KeepOfflineButton story={story} /> : null}
      <p className="reader__creator">
        A story by{' '}
        {story.creator.handle ? (
          <Link to={`/creator/${encodeURIComponent(story.creator.handle)}`}>{story.creator.name}</Link>
        ) : (
          story.creator.name
        )}
      </p>
      {story.creator.handle ? <FollowButton handle={story.creator.handle} size="lg" /> : null}
      {reached ? <ReadNext story={story} backTo={backTo} /> : null}
      {/* A story read to its end: a fair moment to offer the app (never on a first visit). */}
      {reached ? <InstallOffer /> : null}
      <Link className={buttonClass('secondary', 'lg')} to={backTo}>
        Read More Stories
      </Link>
    </section>
  );
}

/** Up to three stories to read next, each a link with its picture, opening words and creator. */
function ReadNext({ story, backTo }: { story: Story; backTo: string }) {
  const { token, user } = useAuth();
  const next = useQuery(
    readNextQuery(story, {
      token,
      premiumMember: user?.is_subscribed ?? false,
      premiumRemaining: user?.premium_stories_remaining ?? 0,
    }),
  );
  const stories = next.data ?? [];
  if (stories.length === 0) return null;
  const from = backTo === '/profile' ? 'profile' : 'landing';
  return (
    <nav className="reader__next" aria-labelledby="reader-next-title">
      <h3 id="reader-next-title" className="reader__next-title">
        Read next
      </h3>
      <ul className="reader__next-list">
        {stories.map((item) => (
          <li key={item.id}>
            <Link className="reader__next-link" to={`/story/${encodeURIComponent(item.id)}`} state={{ from }}>
              {item.images[0] ? (
                <img
                  className="reader__next-image"
                  src={imageSrc(item.images[0])}
                  alt=""
                  width={72}
                  height={96}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              <span className="reader__next-text">
                <span className="reader__next-opening">{storyPreview(item.texts[0])}</span>
                <span className="reader__next-by">by {item.creator.name}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
