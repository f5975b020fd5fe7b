import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/auth-context';
import { StoryGrid } from '../stories/StoryGrid';
import { StorySearch } from './StorySearch';
import { searchStories } from './search-api';

/** The profile's search: the member's own view of each story, as cards. */
export function ProfileSearch() {
  const { user, token } = useAuth();
  const subscribed = user?.is_subscribed ?? false;
  return (
    <StorySearch
      label="Find a story"
      search={(words, signal) => searchStories({ kind: 'member' }, words, signal)}
      queryKey={(words) => queryKeys.storySearch(token, subscribed, words)}
    >
      {(stories) => (
        <StoryGrid
          label="Stories found"
          stories={stories}
          loading={false}
          failed={false}
          loggedIn
          subscribed={subscribed}
          from="profile"
        />
      )}
    </StorySearch>
  );
}
