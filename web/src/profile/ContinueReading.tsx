import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { shelfQuery } from '../reading/reading-queries';
import { StoryGrid } from '../stories/StoryGrid';
import './ContinueReading.css';

/**
 * "Continue reading": the stories the reader started and has not finished, most recent first,
 * above the library. Nothing at all while there are none (or the shelf cannot be read): the
 * library below is the page either way.
 */
export function ContinueReading({ premiumMember }: { premiumMember: boolean }) {
  const { token } = useAuth();
  const shelf = useQuery(shelfQuery(token, 'continue'));
  if (!shelf.data || shelf.data.length === 0) return null;
  return (
    <section className="continue-reading" aria-labelledby="continue-title">
      <h2 id="continue-title" className="continue-reading__title">
        Continue reading
      </h2>
      <StoryGrid
        label="Continue reading"
        stories={shelf.data.slice(0, 5)}
        loading={false}
        failed={false}
        loggedIn
        premiumMember={premiumMember}
        from="profile"
      />
    </section>
  );
}
