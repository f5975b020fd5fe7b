import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { StoryGrid } from '../stories/StoryGrid';
import { storiesOf } from '../stories/story-queries';
import { BackLink } from '../ui/BackLink';
import { Button } from '../ui/Button';
import { QueryState } from '../ui/QueryState';
import { CreatorHeader } from './CreatorHeader';
import { removeCreatorFirstScreen } from './creator-first-screen';
import { creatorQuery, creatorStoriesQuery } from './creator-queries';
import { FollowButton } from './FollowButton';
import './CreatorPage.css';

/** `/creator/{handle}`: a creator's pen name, follower count, Follow, and their live stories, paged. */
export default function CreatorPage() {
  const { handle = '' } = useParams();
  const { user, token } = useAuth();
  const creator = useQuery(creatorQuery(handle, token));
  const stories = useInfiniteQuery(
    creatorStoriesQuery({ token, premiumMember: user?.is_subscribed ?? false }, handle),
  );
  const back = token ? '/profile' : '/';
  // The page's early first screen (./creator-first-screen.ts) goes in the commit that draws the
  // header and the first cards in its place (or the creator's refusal), and when the page is left.
  const drawn = creator.isError || (creator.isSuccess && !stories.isPending);
  useLayoutEffect(() => {
    if (drawn) removeCreatorFirstScreen();
  }, [drawn]);
  useLayoutEffect(() => removeCreatorFirstScreen, []);

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
              <CreatorHeader creator={found} follow={<FollowButton handle={handle} />} />
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
