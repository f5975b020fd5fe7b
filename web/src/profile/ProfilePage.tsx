import type { StoryRatingId } from '@nocturne/domain';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { RequireAuth } from '../auth/RequireAuth';
import { usePrefetchBesideSessionCheck } from '../auth/use-prefetch-beside-session-check';
import { NotificationBell } from '../creators/NotificationBell';
import { EmailDigestSettings } from '../email-digest/EmailDigestSettings';
import { HiddenWarningsSettings } from '../labels/HiddenWarningsSettings';
import { curatedTagsQuery } from '../labels/label-queries';
import { RatingFilter } from '../labels/RatingFilter';
import { TagFilter } from '../labels/TagFilter';
import { GlassHeader } from '../layout/GlassHeader';
import { InfoDialogs } from '../layout/InfoDialogs';
import type { InfoDialogName } from '../layout/info-dialog-name';
import { SiteFooter } from '../layout/SiteFooter';
import {
  discardUnsentQuestion,
  forgetOfflineReading,
  unsentBeforeSignOut,
} from '../offline/forget-offline-reading';
import { KeepAllSaved } from '../offline/KeepAllSaved';
import { KeptShelf } from '../offline/KeptShelf';
import { OfflineLibrary } from '../offline/OfflineLibrary';
import { useOfflineAccount, useOnline } from '../offline/use-kept';
import { InstallOffer } from '../pwa/InstallOffer';
import { shelfQuery } from '../reading/reading-queries';
import { ProfileSearch } from '../search/ProfileSearch';
import { StoryGrid } from '../stories/StoryGrid';
import { storyPagesQuery } from '../stories/story-pages-query';
import { storiesOf, storyKeys } from '../stories/story-queries';
import { Alert } from '../ui/Alert';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { LoadMore } from '../ui/LoadMore';
import { CrownIcon, SparkleIcon } from '../ui/page-icons';
import { RefreshButton } from '../ui/RefreshButton';
import { SkipLink } from '../ui/SkipLink';
import { ContinueReading } from './ContinueReading';
import {
  EMPTY_SHELF,
  filtersFor,
  LIBRARY_FILTER_LABELS,
  type LibraryFilter,
  LibraryFilters,
} from './LibraryFilters';
import { maskEmail } from './mask-email';
import { FIRST_PAGE, PAGE_STEP } from './paging';
import { profileFirstScreenShown, removeProfileFirstScreen } from './profile-first-screen';
import { SettingsMenu } from './SettingsMenu';
import { UpsellBanner } from './UpsellBanner';
import './ProfilePage.css';
import { premiumStoriesLeft } from './premium-left';

const CreateStoryModal = lazy(() => import('../create-story/CreateStoryModal'));

/** `/profile`, for logged-in users only. */
export default function ProfileRoute() {
  const { logout, user, token } = useAuth();
  const navigate = useNavigate();
  // What decides the first screen (Continue reading, its first image the largest paint) is asked
  // for while the session is checked.
  usePrefetchBesideSessionCheck(token, [shelfQuery(token, 'continue')]);
  // While logging out, render nothing: the guard would otherwise send us to the login page
  // before the (transition-priority) navigation home lands.
  const [leaving, setLeaving] = useState(false);
  const online = useOnline();
  const offlineAccount = useOfflineAccount();
  // Started offline, the session cannot be checked: the stories kept on this device still open.
  const offlineLibrary = !online && !user && Boolean(offlineAccount);
  // The page's early first screen stands over the app until the profile draws its own; not over
  // anything else (signing out, the offline library, another page).
  useLayoutEffect(() => {
    if (leaving || offlineLibrary) removeProfileFirstScreen();
  }, [leaving, offlineLibrary]);
  useLayoutEffect(() => removeProfileFirstScreen, []);
  if (leaving) return null;
  if (offlineLibrary) return <OfflineLibrary />;
  return (
    <RequireAuth>
      <ProfilePage
        onLogout={async () => {
          // What the reader did offline and could not send yet is theirs to give up, not ours.
          const unsent = await unsentBeforeSignOut(offlineAccount);
          if (unsent > 0 && !confirm(discardUnsentQuestion(unsent))) return;
          setLeaving(true);
          // The next person at this device finds none of this reader's kept stories or actions.
          void forgetOfflineReading();
          logout();
          navigate('/');
        }}
      />
    </RequireAuth>
  );
}

function ProfilePage({ onLogout }: { onLogout(): void }) {
  const { user, token } = useAuth();
  const queryClient = useQueryClient();
  const [tag, setTag] = useState<string | null>(null);
  const [rating, setRating] = useState<StoryRatingId | null>(null);
  const stories = useInfiniteQuery({
    ...storyPagesQuery(
      { token, premiumMember: user?.is_subscribed ?? false, first: FIRST_PAGE, tag, rating },
      PAGE_STEP,
    ),
    placeholderData: keepPreviousData, // keep the grid while the viewer's identity settles
  });
  const tags = useQuery(curatedTagsQuery());
  const [dialog, setDialog] = useState<InfoDialogName | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<'story' | 'draft' | null>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const [filter, setFilter] = useState<LibraryFilter>('all');
  const shelf = useQuery({
    ...shelfQuery(token, filter === 'all' ? 'saved' : filter),
    enabled: filter !== 'all' && token !== null,
  });

  // The Continue reading row stands above the library: until the first answer says whether it has
  // stories, skeletons hold the place of both, so neither the search nor the library is pushed
  // down when it arrives (offline, the request waits: the page shows what it can meanwhile).
  const continuing = useQuery(shelfQuery(token, 'continue'));
  // Once it has come, the row and the library are drawn in a transition: in slices, not one long
  // task blocking the CPU.
  const continueArriving = useDeferredValue(continuing.isPending && continuing.fetchStatus === 'fetching');
  // The page's early first screen, shown, gives way in the commit that draws the Continue reading
  // row (or its absence) in its place, never to the skeletons before it; not shown, at once.
  useLayoutEffect(() => {
    if (!continueArriving || !profileFirstScreenShown()) removeProfileFirstScreen();
  }, [continueArriving]);

  if (!user) return null; // RequireAuth renders this only with a user
  const premiumMember = user.is_subscribed;
  const shownStories = storiesOf(stories.data);
  const shown = shownStories?.length ?? 0;
  const total = stories.data?.pages.at(-1)?.total ?? 0;
  const anyPremiumStory = shownStories?.some((story) => story.isPremium) ?? false;

  return (
    <div className="page profile">
      <SkipLink />
      <GlassHeader className="profile-bar">
        <div className="glass-header__actions">
          <Button variant="primary" className="profile-bar__generate" onClick={() => setCreating(true)}>
            <SparkleIcon />
            Generate
          </Button>
          <RefreshButton refreshing={stories.isFetching} onRefresh={() => void stories.refetch()} />
          <NotificationBell />
          <SettingsMenu buttonRef={settingsButton} onOpenDialog={setDialog} onLogout={onLogout} />
        </div>
      </GlassHeader>

      <main id="main" className="container profile-main">
        <section className="profile-card" aria-label="Your account">
          <span className="profile-card__avatar" aria-hidden="true">
            {user.email.charAt(0).toUpperCase()}
          </span>
          <div className="profile-card__who">
            <p className="profile-card__email" data-testid="masked-email">
              {maskEmail(user.email)}
            </p>
            {premiumMember ? (
              <p className="profile-card__plan">
                <Badge premium>
                  <CrownIcon />
                  Premium Member
                </Badge>
                <span className="text-muted">{premiumStoriesLeft(user.premium_stories_remaining)}</span>
              </p>
            ) : (
              <p className="profile-card__plan">
                <Badge>Free Account</Badge>
              </p>
            )}
          </div>
        </section>

        {created === 'story' ? (
          <Alert tone="success" className="profile-notice">
            Your story has been published and is now in your library.
          </Alert>
        ) : created === 'draft' ? (
          <Alert tone="success" className="profile-notice">
            Your draft is saved. Find it in your <Link to="/studio">Studio</Link>.
          </Alert>
        ) : null}

        {continueArriving ? (
          <StoryGrid
            label="All stories"
            stories={undefined}
            loading
            failed={false}
            loggedIn
            premiumMember={premiumMember}
            from="profile"
            skeletons={FIRST_PAGE}
          />
        ) : (
          <>
            <ContinueReading premiumMember={premiumMember} />

            <KeptShelf />

            <InstallOffer />

            <ProfileSearch />

            <section className="library" aria-labelledby="library-title">
              <div className="library__head">
                <h1 id="library-title" className="library__title">
                  Your library
                </h1>
                {filter === 'all' && stories.data && total > 0 ? (
                  <p className="library__count" aria-live="polite">
                    Showing {shown} of {total} {total === 1 ? 'story' : 'stories'}
                  </p>
                ) : null}
              </div>
              <LibraryFilters filters={filtersFor(premiumMember)} current={filter} onChange={setFilter} />
              {filter === 'all' ? (
                <>
                  <TagFilter tags={tags.data} value={tag} onChange={setTag} />
                  <RatingFilter value={rating} onChange={setRating} />
                  <StoryGrid
                    label="All stories"
                    stories={shownStories}
                    loading={stories.isPending}
                    failed={stories.isError}
                    loggedIn
                    premiumMember={premiumMember}
                    from="profile"
                    skeletons={FIRST_PAGE}
                  />
                  <LoadMore pages={stories} size="lg" placement="spacious" />
                </>
              ) : (
                <>
                  {filter === 'saved' && shelf.data ? <KeepAllSaved stories={shelf.data} /> : null}
                  <StoryGrid
                    label={`${LIBRARY_FILTER_LABELS[filter]} stories`}
                    stories={shelf.data}
                    loading={shelf.isPending}
                    failed={shelf.isError}
                    loggedIn
                    premiumMember={premiumMember}
                    from="profile"
                    skeletons={FIRST_PAGE}
                    empty={EMPTY_SHELF[filter]}
                  />
                </>
              )}
            </section>
          </>
        )}

        <HiddenWarningsSettings />
        <EmailDigestSettings />

        {/* Below the library: it appears once the list is known, and must not push the grid down. */}
        {!premiumMember && anyPremiumStory ? <UpsellBanner /> : null}
      </main>

      <SiteFooter onOpenDialog={setDialog} />
      <InfoDialogs open={dialog} onClose={() => setDialog(null)} returnFocusRef={settingsButton} />
      {creating ? (
        <Suspense fallback={null}>
          <CreateStoryModal
            open={creating}
            onClose={() => setCreating(false)}
            onDraftSaved={() => {
              setCreating(false);
              setCreated('draft');
            }}
            onCreated={() => {
              setCreating(false);
              setCreated('story');
              void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
