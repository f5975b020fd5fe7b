import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { localSlide } from './local-progress';
import { progressQuery } from './reading-queries';

/**
 * The slide a story opens at: where a logged-in reader stopped, on any device (a story they
 * finished opens at its start), or where a visitor stopped in this browser. Undefined while the
 * server is asked; a failed ask opens at the start rather than keep the reader waiting.
 */
export function useStartSlide(storyId: string, storyLoaded: boolean): number | undefined {
  const { token, loading } = useAuth();
  const [visitorSlide] = useState(() => localSlide(storyId));
  const progress = useQuery({
    ...progressQuery(storyId, token),
    enabled: token !== null && storyLoaded,
  });
  if (loading) return undefined;
  if (!token) return visitorSlide;
  if (progress.isError) return 0;
  if (!progress.data) return undefined;
  return progress.data.finished ? 0 : (progress.data.slide ?? 0);
}
