import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useLayoutEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { RequireAuth } from '../auth/RequireAuth';
import { usePrefetchBesideSessionCheck } from '../auth/use-prefetch-beside-session-check';
import { penNameQuery } from '../creators/creator-queries';
import { PenNameForm } from '../creators/PenNameForm';
import { DraftsSection } from '../drafts/DraftsSection';
import { unpublishStory } from '../drafts/draft-commands';
import { draftKeys, draftsQuery } from '../drafts/drafts-queries';
import { StudioEntryActions, StudioEntryTitle } from '../drafts/StudioEntry';
import { useStudioEntryDialogs } from '../drafts/studio-entry-dialogs';
import { storyKeys } from '../stories/story-queries';
import { BackLink } from '../ui/BackLink';
import { Button } from '../ui/Button';
import { ChoiceButtons } from '../ui/ChoiceButtons';
import { EmptyNote } from '../ui/EmptyNote';
import { QueryState } from '../ui/QueryState';
import { Spinner } from '../ui/Spinner';
import { surfaceClass } from '../ui/Surface';
import { useToast } from '../ui/Toast';
import { StudioChart } from './StudioChart';
import { removeStudioFirstScreen } from './studio-first-screen';
import { type Studio, type StudioDays, studioKeys, studioQuery } from './studio-queries';
import './StudioPage.css';

/** `/studio`, login required: what readers did with the creator's stories. */
export default function StudioRoute() {
  const { token, user, loading } = useAuth();
  // The studio's first answers are asked for while the session is checked.
  usePrefetchBesideSessionCheck(token, [
    penNameQuery(token),
    draftsQuery(token),
    studioQuery(token, FIRST_DAYS),
  ]);
  // The page's early first screen (./studio-first-screen.ts) is for a creator: gone as soon as
  // the guard sends a visitor away, and when the studio is left.
  const signedOut = !loading && user === null;
  useLayoutEffect(() => {
    if (signedOut) removeStudioFirstScreen();
  }, [signedOut]);
  useLayoutEffect(() => removeStudioFirstScreen, []);
  return (
    <RequireAuth>
      <StudioPage />
    </RequireAuth>
  );
}

// The creation form loads when the creator asks for a new story, not with the studio.
const CreateStoryModal = lazy(() => import('../create-story/CreateStoryModal'));

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** The range of days the studio opens on. */
const FIRST_DAYS: StudioDays = 30;

/** The studio itself, for a signed-in creator; exported for its first screen's render. */
export function StudioPage() {
  // The app draws the studio from its first commit on: the page's early first screen, drawn
  // where this is, goes in the same frame.
  useLayoutEffect(removeStudioFirstScreen, []);
  const [days, setDays] = useState<StudioDays>(FIRST_DAYS);
  const { token } = useAuth();
  // Another range keeps the chart in place until its figures arrive, rather than a spinner.
  const studio = useQuery({ ...studioQuery(token, days), placeholderData: keepPreviousData });
  // The drafts and the figures appear together: whichever came first would otherwise be pushed
  // down, or push the other, when the second arrives.
  const drafts = useQuery(draftsQuery(token));
  // Drawn in a transition once both have come: in slices, not one long task blocking the CPU.
  const waiting = useDeferredValue(drafts.isPending || studio.isPending);
  const queryClient = useQueryClient();
  const toast = useToast();
  // "New story" opens the creation form here, with the creator's session: a draft saved from it
  // joins the drafts below, a story published from it the figures.
  const [creating, setCreating] = useState(false);
  const { edit, confirm, dialogs } = useStudioEntryDialogs<StudioStory>(token, 'story', (story) => ({
    title: 'Unpublish this story?',
    message:
      'It leaves every list, search, library and your creator page at once, and its page is gone for good. This cannot be undone.',
    confirmLabel: 'Unpublish',
    onConfirm: async () => {
      await unpublishStory(story.id);
      void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: studioKeys.all() });
    },
  }));
  return (
    <div className="page studio-page">
      <main id="main" className="container studio">
        <BackLink to="/profile" className="studio__back">
          Back to Profile
        </BackLink>
        <div className="studio__head">
          <h1 className="studio__title">Studio</h1>
          <Button variant="primary" onClick={() => setCreating(true)}>
            New story
          </Button>
        </div>
        <PenNameForm />
        {waiting ? (
          <Spinner label="Loading your studio…" block />
        ) : (
          <>
            <DraftsSection token={token} />
            <QueryState
              query={studio}
              loading="Loading your studio…"
              failure="Your studio could not be loaded."
            >
              {(data) =>
                data.stories.length === 0 ? (
                  <EmptyNote>Publish a story and what readers do with it shows here.</EmptyNote>
                ) : (
                  <>
                    <section className={surfaceClass('studio__card')} aria-labelledby="studio-chart-title">
                      <div className="studio__card-head">
                        <h2 id="studio-chart-title">Views and likes per day</h2>
                        <ChoiceButtons<StudioDays>
                          className="studio__range"
                          legend="Days shown"
                          choices={[30, 90] as const}
                          current={days}
                          label={(n) => `${n} days`}
                          onChoose={setDays}
                        />
                      </div>
                      <StudioChart daily={data.daily} />
                    </section>
                    <section aria-labelledby="studio-stories-title" className="studio__stories">
                      <h2 id="studio-stories-title">Your stories</h2>
                      {data.stories.map((story) => (
                        <StoryNumbers
                          key={story.id}
                          story={story}
                          onEdit={() => edit(story.id)}
                          onUnpublish={() => confirm(story)}
                        />
                      ))}
                    </section>
                  </>
                )
              }
            </QueryState>
          </>
        )}
      </main>
      {dialogs}
      {creating ? (
        <Suspense fallback={null}>
          <CreateStoryModal
            open
            onClose={() => setCreating(false)}
            onDraftSaved={() => {
              setCreating(false);
              toast({ message: 'Your draft is saved.', tone: 'success' });
              void queryClient.invalidateQueries({ queryKey: draftKeys.all() });
            }}
            onCreated={() => {
              setCreating(false);
              toast({ message: 'Your story is published.', tone: 'success' });
              void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
              void queryClient.invalidateQueries({ queryKey: studioKeys.all() });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

type StudioStory = Studio['stories'][number];

interface StoryNumbersProps {
  story: StudioStory;
  onEdit(): void;
  onUnpublish(): void;
}

function StoryNumbers({ story, onEdit, onUnpublish }: StoryNumbersProps) {
  const figures = [
    ['Views', story.views],
    ['Likes', story.likes],
    ['Readers', story.readers],
    ['Finished', story.finished],
  ] as const;
  return (
    <article className={surfaceClass('studio__story')} data-testid="studio-story">
      <StudioEntryTitle isPremium={story.isPremium}>
        <Link to={`/story/${story.id}`} state={{ from: 'profile' }}>
          {story.title}…
        </Link>
      </StudioEntryTitle>
      <StudioEntryActions>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${story.title}…`}>
          Edit
        </Button>
        <Button size="sm" variant="danger" onClick={onUnpublish} aria-label={`Unpublish ${story.title}…`}>
          Unpublish
        </Button>
      </StudioEntryActions>
      <dl className="studio__figures">
        {figures.map(([label, value]) => (
          <div key={label} className="studio__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="studio__reach-title">Readers who reached each slide</h4>
      <ol className="studio__reach">
        {story.reached.map((count, slide) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its index
          <li key={slide} className="studio__reach-row">
            <span className="studio__reach-label">Slide {slide + 1}</span>
            <span className="studio__reach-bar" aria-hidden="true">
              <span style={{ width: `${percent(count, story.readers)}%` }} />
            </span>
            <span className="studio__reach-value">
              {percent(count, story.readers)}% ({count})
            </span>
          </li>
        ))}
      </ol>
    </article>
  );
}
