import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { localSlide } from './local-progress';
import { progressQuery } from './reading-queries';
import { unconfirmedSlide } from './unconfirmed-progress';

/**
 * The slide a story opens at: where a logged-in reader stopped, on any device (a story they
 * finished opens at its start), or where they stopped in this tab a moment ago when the server
 * has not confirmed it yet, or where a visitor stopped in this browser. Undefined while the
 * server is asked; a failed ask opens at the start rather than keep the reader waiting.
 */
export function useStartSlide(storyId: string, storyLoaded: boolean): number | undefined {
  const { token, loading } = useAuth();
  const [visitorSlide] = useState(() => localSlide(storyId));
  const [sentSlide] = useState(() => unconfirmedSlide(storyId));
  const progress = useQuery({
    ...progressQuery(storyId, token),
    enabled: token !== null && storyLoaded && sentSlide === undefined,
  });
  if (loading) return undefined;
  if (!token) return visitorSlide;
  if (sentSlide !== undefined) return sentSlide;
  if (progress.isError) return 0;
  if (!progress.data) return undefined;
  return progress.data.finished ? 0 : (progress.data.slide ?? 0);
}
