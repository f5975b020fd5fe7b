import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { StoryGrid } from '../stories/StoryGrid';
import { storiesOf } from '../stories/story-queries';
import { Alert } from '../ui/Alert';
import { Button, buttonClass } from '../ui/Button';
import { ArrowLeftIcon } from '../ui/icons';
import { Spinner } from '../ui/Spinner';
import { creatorQuery, creatorStoriesQuery } from './creator-queries';
import { FollowButton } from './FollowButton';
import './creators.css';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `/creator/{handle}`: a creator's pen name, follower count, Follow, and their live stories, paged. */
export default function CreatorPage() {
  const { handle = '' } = useParams();
  const { user, token } = useAuth();
  const creator = useQuery(creatorQuery(handle, token));
  const stories = useInfiniteQuery(
    creatorStoriesQuery({ token, premiumMember: user?.is_subscribed ?? false }, handle),
  );
  const back = token ? '/profile' : '/';

  return (
    <div className="page creator-page">
      <main id="main" className="container creator">
        <Link className={buttonClass('ghost', 'sm', { className: 'creator__back' })} to={back}>
          <ArrowLeftIcon />
          {token ? 'Back to Profile' : 'Back to Stories'}
        </Link>
        {creator.isPending ? (
          <Spinner label="Loading the creator…" block />
        ) : creator.isError ? (
          <Alert tone="error" title="Creator not found">
            No creator has this pen name. <Link to={back}>Read other stories</Link>.
          </Alert>
        ) : (
          <>
            <header className="creator__header surface">
              <span className="creator__avatar" aria-hidden="true">
                {creator.data.penName.charAt(0).toUpperCase()}
              </span>
              <div className="creator__who">
                <h1 className="creator__name">{creator.data.penName}</h1>
                <p className="creator__counts text-muted">
                  <span data-testid="creator-stories">{count(creator.data.stories, 'story', 'stories')}</span>
                  {' · '}
                  <span data-testid="creator-followers">
                    {count(creator.data.followers, 'follower', 'followers')}
                  </span>
                </p>
              </div>
              <FollowButton handle={handle} />
            </header>
            <section aria-labelledby="creator-stories-title" className="creator__stories">
              <h2 id="creator-stories-title" className="creator__stories-title">
                Stories
              </h2>
              <StoryGrid
                stories={storiesOf(stories.data)}
                loading={stories.isPending}
                failed={stories.isError}
                loggedIn={token !== null}
                premiumMember={user?.is_subscribed ?? false}
                from={token ? 'profile' : 'landing'}
                empty="No stories yet."
                label={`Stories by ${creator.data.penName}`}
              />
              {stories.hasNextPage ? (
                <Button
                  className="creator__more"
                  onClick={() => void stories.fetchNextPage()}
                  disabled={stories.isFetchingNextPage}
                >
                  Load More
                </Button>
              ) : null}
            </section>
          </>
        )}
      </main>
    </div>
  );
}
