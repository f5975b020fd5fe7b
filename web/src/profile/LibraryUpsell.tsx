import { useInfiniteQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { storiesOf } from '../stories/story-queries';
import { type LibraryView, libraryQuery } from './library-query';
import { UpsellBanner } from './UpsellBanner';

/**
 * The upsell below the library, for a reader without premium, once the library shows a premium
 * story. It watches only that yes or no, so the library's other answers do not draw it again.
 */
export function LibraryUpsell({ view }: { view: LibraryView }) {
  const { token } = useAuth();
  const anyPremiumStory = useInfiniteQuery({
    ...libraryQuery({ token, premiumMember: false }, view),
    select: (pages) => storiesOf(pages)?.some((story) => story.isPremium) ?? false,
  }).data;
  return anyPremiumStory ? <UpsellBanner /> : null;
}
