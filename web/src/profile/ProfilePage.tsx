import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { RequireAuth } from '../auth/RequireAuth';
import { usePrefetchBesideSessionCheck } from '../auth/use-prefetch-beside-session-check';
import { NotificationBell } from '../creators/NotificationBell';
import { EmailDigestSettings } from '../email-digest/EmailDigestSettings';
import { HiddenWarningsSettings } from '../labels/HiddenWarningsSettings';
import { GlassHeader } from '../layout/GlassHeader';
import { InfoDialogs } from '../layout/InfoDialogs';
import type { InfoDialogName } from '../layout/info-dialog-name';
import { SiteFooter } from '../layout/SiteFooter';
import {
  discardUnsentQuestion,
  forgetOfflineReading,
  unsentBeforeSignOut,
} from '../offline/forget-offline-reading';
import { KeptShelf } from '../offline/KeptShelf';
import { OfflineLibrary } from '../offline/OfflineLibrary';
import { useOfflineAccount, useOnline } from '../offline/use-kept';
import { InstallOffer } from '../pwa/InstallOffer';
import { shelfQuery } from '../reading/reading-queries';
import { ProfileSearch } from '../search/ProfileSearch';
import { StoryGrid } from '../stories/StoryGrid';
import { storyKeys } from '../stories/story-queries';
import { Alert } from '../ui/Alert';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { CrownIcon, SparkleIcon } from '../ui/page-icons';
import { SkipLink } from '../ui/SkipLink';
import { ContinueReading } from './ContinueReading';
import { Library, type LibraryProps } from './Library';
import { LibraryRefreshButton } from './LibraryRefreshButton';
import { LibraryUpsell } from './LibraryUpsell';
import type { LibraryView } from './library-query';
import { maskEmail } from './mask-email';
import { FIRST_PAGE } from './paging';
import { profileFirstScreenShown, removeProfileFirstScreen } from './profile-first-screen';
import { SettingsMenu } from './SettingsMenu';
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
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // The library's tag and rating: the header's refresh and the upsell watch the same list.
  const [view, setView] = useState<LibraryView>({ tag: null, rating: null });
  const [dialog, setDialog] = useState<InfoDialogName | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<'story' | 'draft' | null>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);

  if (!user) return null; // RequireAuth renders this only with a user
  const premiumMember = user.is_subscribed;

  return (
    <div className="page profile">
      <SkipLink />
      <GlassHeader className="profile-bar">
        <div className="glass-header__actions">
          <Button variant="primary" className="profile-bar__generate" onClick={() => setCreating(true)}>
            <SparkleIcon />
            Generate
          </Button>
          <LibraryRefreshButton premiumMember={premiumMember} view={view} />
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

        <ProfileShelves premiumMember={premiumMember} view={view} onViewChange={setView} />

        <HiddenWarningsSettings />
        <EmailDigestSettings />

        {/* Below the library: it appears once the list is known, and must not push the grid down. */}
        {premiumMember ? null : <LibraryUpsell view={view} />}
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

/**
 * Continue reading, the kept stories, the install offer, the search and the library. The
 * Continue reading row stands above the library: until the first answer says whether it has
 * stories, skeletons hold the place of both, so neither the search nor the library is pushed
 * down when it arrives (offline, the request waits: the page shows what it can meanwhile).
 */
function ProfileShelves({ premiumMember, ...library }: LibraryProps) {
  const { token } = useAuth();
  const continuing = useQuery(shelfQuery(token, 'continue'));
  // Once it has come, the row and the library are drawn in a transition: in slices, not one long
  // task blocking the CPU.
  const continueArriving = useDeferredValue(continuing.isPending && continuing.fetchStatus === 'fetching');
  // The page's early first screen, shown, gives way in the commit that draws the Continue reading
  // row (or its absence) in its place, never to the skeletons before it; not shown, at once.
  useLayoutEffect(() => {
    if (!continueArriving || !profileFirstScreenShown()) removeProfileFirstScreen();
  }, [continueArriving]);

  if (continueArriving)
    return (
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
    );
  return (
    <>
      <ContinueReading premiumMember={premiumMember} />
      <KeptShelf />
      <InstallOffer />
      <ProfileSearch />
      <Library premiumMember={premiumMember} {...library} />
    </>
  );
}
