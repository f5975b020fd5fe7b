import type { Story } from '@nocturne/domain';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { FollowButton } from '../creators/FollowButton';
import { BookmarkButton } from '../reading/BookmarkButton';
import { Button, buttonClass } from '../ui/Button';
import { HeartIcon } from '../ui/icons';
import { useLikeStory } from './use-like-story';
import './StoryReader.css';
import './StoryEnd.css';

export interface StoryEndProps {
  story: Story;
  /** The story query's count: a like updates the query, and so this. */
  likes: number;
  backTo: string;
}

/**
 * "The End": a like button, disabled once the reader has liked the
 * story during this visit, showing the count the server answered; and Read More Stories.
 */
export function StoryEnd({ story, likes, backTo }: StoryEndProps) {
  const like = useLikeStory(story.id);
  const { token } = useAuth();
  const liked = like.isSuccess;

  return (
    <section className="reader__end" aria-labelledby="reader-end-title">
      <h2 id="reader-end-title" className="reader__end-title">
        The End
      </h2>
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
      {story.creator.handle ? (
        <p className="reader__creator">
          A story by{' '}
          <Link to={`/creator/${encodeURIComponent(story.creator.handle)}`}>{story.creator.name}</Link>
        </p>
      ) : null}
      {story.creator.handle ? <FollowButton handle={story.creator.handle} size="lg" /> : null}
      <Link className={buttonClass('secondary', 'lg')} to={backTo}>
        Read More Stories
      </Link>
    </section>
  );
}
