import type { Story } from '@nocturne/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAuth } from '../auth/auth-context';
import { readingKeys } from '../reading/reading-queries';
import { storyKeys } from '../stories/story-queries';
import { onActionQueued, queuedActions } from './action-queue';
import { takeKeptOpeningSlide } from './kept-opening-slide';
import {
  accountKey,
  deviceCaches,
  keepStory,
  keptStories,
  openKeptStory,
  ownerOf,
  rememberOwner,
  removeAllKept,
  removeKeptStory,
} from './kept-stories';
import { resendUntilSent } from './resend-queued';
import { syncKept } from './sync-kept';

export const keptKeys = {
  all: () => ['kept'] as const,
  list: (account: string | null) => [...keptKeys.all(), 'list', { account }] as const,
};

/**
 * The signed-in reader's key for kept copies and queued actions, or null for a visitor. Offline
 * at start the session cannot be checked: the account remembered for this session's token stands in.
 */
export function useOfflineAccount(): string | null {
  const { user, token } = useAuth();
  const account = user ? accountKey(user.email) : null;
  useEffect(() => {
    if (token && account) rememberOwner(token, account);
  }, [token, account]);
  if (account) return account;
  return token ? ownerOf(token) : null;
}

/** As above, and null too where this browser cannot keep stories (no Cache Storage). */
export function useKeptAccount(): string | null {
  const account = useOfflineAccount();
  return deviceCaches() ? account : null;
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a connection (it may still find no server). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** This reader's kept stories (Cache Storage answers without the network: it runs offline too). */
export function useKeptStories() {
  const account = useKeptAccount();
  return useQuery({
    queryKey: keptKeys.list(account),
    queryFn: () => keptStories(account ?? ''),
    enabled: account !== null,
    networkMode: 'always',
    staleTime: 0,
  });
}

export function useKeepStory(story: Story) {
  const account = useKeptAccount();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (keep: boolean): Promise<void> => {
      if (account === null) throw new Error('Sign in to keep stories offline.');
      if (keep) await keepStory(account, story);
      else await removeKeptStory(account, story.id);
    },
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: keptKeys.all() }),
  });
}

export function useRemoveAllKept() {
  const account = useKeptAccount();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeAllKept(account ?? ''),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: keptKeys.all() }),
  });
}

/** The space the site's storage takes on this device, as the browser estimates it. */
export function useStorageEstimate(kept: unknown) {
  return useQuery({
    queryKey: [...keptKeys.all(), 'estimate', kept],
    queryFn: async () => (await navigator.storage?.estimate?.()) ?? null,
    networkMode: 'always',
  });
}

/**
 * The kept copy of story `id`, opened from the device when `wanted` (offline, or the server out
 * of reach): its images as object URLs, released when the reader leaves it.
 */
export function useKeptCopy(id: string, wanted: boolean) {
  const account = useKeptAccount();
  const [state, setState] = useState<{ id: string; story: Story | null } | null>(null);
  useEffect(() => {
    if (!wanted || account === null) return;
    let release: (() => void) | undefined;
    let live = true;
    void openKeptStory(account, id, undefined, takeKeptOpeningSlide(id))
      .catch(() => undefined)
      .then((opened) => {
        if (!live) return opened?.release();
        release = opened?.release;
        setState({ id, story: opened?.story ?? null });
      });
    return () => {
      live = false;
      release?.();
    };
  }, [account, id, wanted]);
  const settled = state?.id === id;
  return { story: settled ? state.story : null, checking: wanted && account !== null && !settled };
}

let syncedSinceOnline = false;
let resending: { account: string; stop: AbortController } | null = null;

/** Likes and reads made offline have landed: the counts and shelves are read again. */
function showLanded(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: readingKeys.all() });
}

/** Sends `account`'s queued actions until none is left (./resend-queued.ts), one run at a time. */
function resend(account: string, queryClient: QueryClient) {
  if (resending?.account === account) return;
  stopResending();
  const stop = new AbortController();
  resending = { account, stop };
  void resendUntilSent(account, { signal: stop.signal, onLanded: () => showLanded(queryClient) })
    .catch((error) => console.error('Sending actions made offline failed', error))
    .finally(() => {
      if (resending?.stop !== stop) return;
      resending = null;
      // An action queued as the last run ended found it still running: it starts another.
      if (!stop.signal.aborted && navigator.onLine && queuedActions(account).length > 0) {
        resend(account, queryClient);
      }
    });
}

function stopResending() {
  resending?.stop.abort();
  resending = null;
}

/**
 * The sync (./sync-kept.ts): once a page load with a connection and a signed-in reader, and again
 * each time the connection comes back. Actions it could not send, and any queued later while the
 * page is online (the server out of reach), are sent again after a pause until they land; going
 * offline or another account signing in stops that. Run by the screens that show kept stories or
 * read them.
 */
export function useOfflineSync() {
  const account = useKeptAccount();
  const online = useOnline();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!online || account === null) {
      if (!online) syncedSinceOnline = false;
      stopResending();
      return;
    }
    if (resending && resending.account !== account) stopResending();
    const unsubscribe = onActionQueued((queuedFor) => {
      if (queuedFor === account && navigator.onLine) resend(account, queryClient);
    });
    if (!syncedSinceOnline) {
      syncedSinceOnline = true;
      syncKept(account)
        .then(({ landed, removed }) => {
          if (removed.length > 0) void queryClient.invalidateQueries({ queryKey: keptKeys.all() });
          if (landed > 0) showLanded(queryClient);
          if (navigator.onLine && queuedActions(account).length > 0) resend(account, queryClient);
        })
        .catch((error) => console.error('Offline sync failed', error));
    }
    return unsubscribe;
  }, [account, online, queryClient]);
}
