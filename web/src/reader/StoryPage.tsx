import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { AgeAssuranceScreen } from '../age-assurance/AgeAssuranceScreen';
import { apiFetch } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { openedOffline } from '../offline/opened-offline';
import { useKeptCopy, useOfflineSync, useOnline } from '../offline/use-kept';
import { PremiumOpeningPrompt } from '../premium/PremiumOpeningPrompt';
import { usePremiumOpening } from '../premium/premium-opening';
import { premiumKeys } from '../premium/premium-queries';
import { PurchasePage } from '../purchase/PurchasePage';
import { unconfirmedSlide } from '../reading/unconfirmed-progress';
import { useStartSlide } from '../reading/use-start-slide';
import { storyKeys } from '../stories/story-queries';
import { Spinner } from '../ui/Spinner';
import { backTarget } from './back-target';
import { removeFirstSlideLayer } from './first-slide-layer';
import { messages, StoryLoadError } from './load-story';
import { storyQuery } from './reader-queries';
import { StoryMessage } from './StoryMessage';
import { StoryReader } from './StoryReader';
import { WarningScreen } from './WarningScreen';
import './StoryReader.css';
import './StoryPage.css';

/**
 * /story/{id}: loading, error, not found, no content, premium gate, the age-assurance screen
 * (an Explicit story before the reader is assured), the content-warning screen or the reader. A logged-in reader is first asked
 * whether opening the story would spend one of their premium stories; if so, nothing is
 * requested before they say "Open".
 */
export default function StoryPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const backTo = backTarget(location.state);
  const { token, user, loading: authLoading, refresh } = useAuth();
  const queryClient = useQueryClient();
  // The story whose warnings the reader has accepted on this visit (Continue).
  const [acceptedWarnings, setAcceptedWarnings] = useState<string | null>(null);
  const navigate = useNavigate();
  const opening = usePremiumOpening(id, token);

  const query = useQuery({ ...storyQuery(id, token), enabled: opening.step.kind === 'open' });

  // Opening a premium story spent one: the remaining count and the list changed.
  const spent = query.data?.spentPremium ?? false;
  useEffect(() => {
    if (!spent) return;
    void refresh();
    void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: premiumKeys.all() });
  }, [spent, refresh, queryClient]);

  // Count the view once per visit, fire-and-forget.
  const viewed = useRef<string | null>(null);
  const loadedId = query.data?.story.id;
  useEffect(() => {
    if (!loadedId || viewed.current === loadedId) return;
    viewed.current = loadedId;
    apiFetch(`/api/stories/${encodeURIComponent(loadedId)}/view`, { method: 'POST' }).catch(() => {});
  }, [loadedId]);

  const startSlide = useStartSlide(id, query.isSuccess);

  // Without a connection (or with the server out of reach) a story kept on this device opens from it.
  useOfflineSync();
  const offline = !useOnline() || openedOffline();
  const unreachable =
    offline ||
    opening.step.kind === 'failed' ||
    (query.error instanceof StoryLoadError && query.error.failure.kind === 'failed');
  const kept = useKeptCopy(id, unreachable);
  // The first slide the page drew early (first-slide-layer.ts) stays until the reader replaces
  // it; a failure, a gate or a warning shown instead of the reader, or leaving the page, takes it
  // away. Unreachable, the page draws it from the kept copy: it stays while that copy is opened.
  const answered = query.data?.story;
  const notReading = unreachable
    ? !kept.checking && (kept.story === null || (kept.story.warnings.length > 0 && acceptedWarnings !== id))
    : query.isError ||
      opening.step.kind !== 'open' ||
      (answered !== undefined &&
        (answered.ageAssuranceRequired ||
          answered.images.length === 0 ||
          (answered.warnings.length > 0 && acceptedWarnings !== answered.id)));
  useLayoutEffect(() => {
    if (notReading) removeFirstSlideLayer();
  }, [notReading]);
  useLayoutEffect(() => removeFirstSlideLayer, []);
  if (unreachable && kept.story) {
    // Its content warnings come first, as online.
    if (kept.story.warnings.length > 0 && acceptedWarnings !== id) {
      return (
        <WarningScreen
          warnings={kept.story.warnings}
          backTo={backTo}
          onContinue={() => setAcceptedWarnings(id)}
        />
      );
    }
    return (
      <StoryReader
        key={kept.story.id}
        story={kept.story}
        backTo={backTo}
        startSlide={Math.min(unconfirmedSlide(id) ?? 0, kept.story.images.length - 1)}
      />
    );
  }
  if (unreachable && kept.checking) {
    return (
      <div className="page reader-loading">
        <Spinner label="Loading story…" size="lg" block />
      </div>
    );
  }
  if (offline && !query.isSuccess) {
    return <StoryMessage message={messages.offline} backTo={backTo} tone="info" />;
  }

  if (opening.step.kind === 'ask') {
    // A warned story shows its warnings first: nobody spends a premium story on one they'd turn back from.
    if (opening.step.warnings.length > 0 && acceptedWarnings !== id) {
      return (
        <WarningScreen
          warnings={opening.step.warnings}
          backTo={backTo}
          onContinue={() => setAcceptedWarnings(id)}
        />
      );
    }
    return (
      <PremiumOpeningPrompt
        remaining={opening.step.remaining}
        onOpen={opening.confirm}
        onNotNow={() => navigate(backTo)}
      />
    );
  }
  if (opening.step.kind === 'failed') return <StoryMessage message={messages.failed} backTo={backTo} />;
  if (query.isPending || (query.isError && authLoading) || (query.isSuccess && startSlide === undefined)) {
    return (
      <div className="page reader-loading">
        <Spinner label="Loading story…" size="lg" block />
      </div>
    );
  }
  if (query.isError) {
    const failure =
      query.error instanceof StoryLoadError
        ? query.error.failure
        : { kind: 'failed' as const, message: messages.failed };
    switch (failure.kind) {
      case 'not-found':
        return <StoryMessage message={messages.notFound} backTo={backTo} tone="info" />;
      case 'payment-required':
        // A reader without premium sees the gate (the purchase page); a premium member who has used
        // all 30 sees why.
        if (user && !user.is_subscribed) return <PurchasePage />;
        return <StoryMessage message={failure.message} backTo={backTo} />;
      default:
        return <StoryMessage message={failure.message} backTo={backTo} />;
    }
  }
  const { story } = query.data;
  // An Explicit story, and a reader who must first be assured to be an adult: nothing of it but its card came.
  if (story.ageAssuranceRequired) return <AgeAssuranceScreen backTo={backTo} />;
  if (story.images.length === 0) {
    return <StoryMessage message={messages.noContent} backTo={backTo} tone="info" />;
  }
  if (story.warnings.length > 0 && acceptedWarnings !== story.id) {
    return (
      <WarningScreen
        warnings={story.warnings}
        backTo={backTo}
        onContinue={() => setAcceptedWarnings(story.id)}
      />
    );
  }
  return (
    <StoryReader
      // A story opened from another's end starts afresh, at its own first slide.
      key={story.id}
      story={story}
      backTo={backTo}
      startSlide={Math.min(startSlide ?? 0, story.images.length - 1)}
    />
  );
}
