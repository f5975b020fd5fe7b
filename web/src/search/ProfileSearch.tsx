import { useAuth } from '../auth/auth-context';
import { StoryGrid } from '../stories/StoryGrid';
import { StorySearch } from './StorySearch';
import { memberSearchQuery } from './search-queries';

/** The profile's search: the member's own view of each story, as cards. */
export function ProfileSearch() {
  const { user, token } = useAuth();
  const premiumMember = user?.is_subscribed ?? false;
  return (
    <StorySearch label="Find a story" query={(words) => memberSearchQuery({ token, premiumMember }, words)}>
      {(stories) => (
        <StoryGrid
          label="Stories found"
          stories={stories}
          loading={false}
          failed={false}
          loggedIn
          premiumMember={premiumMember}
          from="profile"
        />
      )}
    </StorySearch>
  );
}
