import {
  type ReadingSettings,
  type ReadingSettingsChange,
  withReadingSettingsChange,
} from '@nocturne/domain';
import { queryOptions, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, client } from '../api/typed-client';
import { useAuth } from '../auth/auth-context';
import {
  changeStoredReadingSettings,
  storeReadingSettings,
  useStoredReadingSettings,
} from './reading-settings-store';

export const readingSettingsKeys = {
  /** The member's settings (GET /api/me/reading-settings). */
  mine: (token: string | null) => ['reading-settings', { token }] as const,
  /** The member's changes on their way (PATCH /api/me/reading-settings). */
  change: ['reading-settings', 'change'] as const,
};

/** How often an open reader asks again, so a choice made on another device arrives without a reload. */
const SYNC_EVERY_MS = 15_000;

/** A member's reading settings, from the server; asked again on focus and every few seconds. */
export const readingSettingsQuery = (token: string | null) =>
  queryOptions({
    queryKey: readingSettingsKeys.mine(token),
    queryFn: async ({ signal }) => {
      const settings = await answerOf(client.GET('/api/me/reading-settings', { signal }));
      // Kept in the browser too: the next opening paints with them before the answer comes.
      storeReadingSettings(settings);
      return settings;
    },
    enabled: token !== null,
    refetchOnWindowFocus: 'always',
    refetchInterval: SYNC_EVERY_MS,
  });

const changeReadingSettings = (change: ReadingSettingsChange) =>
  answerOf(client.PATCH('/api/me/reading-settings', { body: change }));

/**
 * The reader's settings and how to change them: a member's are the server's (events on their
 * stream, so every device gets them), a visitor's stay in this browser. A change applies at
 * once. A member's carries only the settings it changes, so neither a quick next change nor
 * another device sends back a setting it had not seen change; the changes on their way are shown
 * over the server's last answer until they land, and a failed one is dropped from what is shown.
 */
export function useReadingSettings(): {
  settings: ReadingSettings;
  choose(change: ReadingSettingsChange): void;
  saving: boolean;
  failed: boolean;
} {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const local = useStoredReadingSettings();
  const mine = useQuery(readingSettingsQuery(token));
  const save = useMutation({
    mutationKey: readingSettingsKeys.change,
    mutationFn: changeReadingSettings,
    // One after the other, so two changes of one setting land in the order they were made.
    scope: { id: 'reading-settings' },
    // An answer asked for before this change must not replace what is shown after it.
    onMutate: () => queryClient.cancelQueries({ queryKey: readingSettingsKeys.mine(token) }),
    onSuccess: (settings) => {
      queryClient.setQueryData(readingSettingsKeys.mine(token), settings);
      storeReadingSettings(settings);
    },
    onSettled: () => {
      // The last change on its way has landed (or failed): ask for the settings after all of them.
      if (queryClient.isMutating({ mutationKey: readingSettingsKeys.change }) === 1) {
        return queryClient.invalidateQueries({ queryKey: readingSettingsKeys.mine(token) });
      }
    },
  });
  const onTheirWay = useMutationState({
    filters: { mutationKey: readingSettingsKeys.change, status: 'pending' },
    select: (mutation) => mutation.state.variables as ReadingSettingsChange,
  });

  if (token === null) {
    return { settings: local, choose: changeStoredReadingSettings, saving: false, failed: false };
  }
  return {
    settings: onTheirWay.reduce(withReadingSettingsChange, mine.data ?? local),
    choose: (change) => save.mutate(change),
    saving: save.isPending,
    failed: save.isError,
  };
}
