import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { StoryGrid } from '../stories/StoryGrid';
import { storiesOf } from '../stories/story-queries';
import { BackLink } from '../ui/BackLink';
import { Button } from '../ui/Button';
import { QueryState } from '../ui/QueryState';
import { surfaceClass } from '../ui/Surface';
import { creatorQuery, creatorStoriesQuery } from './creator-queries';
import { FollowButton } from './FollowButton';
import './CreatorPage.css';

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
        <BackLink to={back} className="creator__back">
          {token ? 'Back to Profile' : 'Back to Stories'}
        </BackLink>
        <QueryState
          query={creator}
          loading="Loading the creator…"
          failure="Creator not found"
          failureText={
            <>
              No creator has this pen name. <Link to={back}>Read other stories</Link>.
            </>
          }
        >
          {(found) => (
            <>
              <header className={surfaceClass('creator__header')}>
                <span className="creator__avatar" aria-hidden="true">
                  {found.penName.charAt(0).toUpperCase()}
                </span>
                <div className="creator__who">
                  <h1 className="creator__name">{found.penName}</h1>
                  <p className="creator__counts text-muted">
                    <span data-testid="creator-stories">{count(found.stories, 'story', 'stories')}</span>
                    {' · '}
                    <span data-testid="creator-followers">
                      {count(found.followers, 'follower', 'followers')}
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
                  label={`Stories by ${found.penName}`}
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
        </QueryState>
      </main>
    </div>
  );
}
