import type { ReadingSettings } from '@nocturne/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, client } from '../api/typed-client';
import { useAuth } from '../auth/auth-context';
import { storeReadingSettings, useStoredReadingSettings } from './reading-settings-store';

export const readingSettingsKeys = {
  /** The member's settings (GET /api/me/reading-settings). */
  mine: (token: string | null) => ['reading-settings', { token }] as const,
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

const chooseReadingSettings = (settings: ReadingSettings) =>
  answerOf(client.PUT('/api/me/reading-settings', { body: settings }));

/**
 * The reader's settings and how to change them: a member's are the server's (events on their
 * stream, so every device gets them), a visitor's stay in this browser. A change applies at
 * once; a member's is then sent, and a failed send puts the server's back.
 */
export function useReadingSettings(): {
  settings: ReadingSettings;
  choose(settings: ReadingSettings): void;
  saving: boolean;
  failed: boolean;
} {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const local = useStoredReadingSettings();
  const mine = useQuery(readingSettingsQuery(token));
  const save = useMutation({
    mutationFn: chooseReadingSettings,
    // One after the other, so the server's last choice is the reader's last.
    scope: { id: 'reading-settings' },
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: readingSettingsKeys.mine(token) });
      const before = queryClient.getQueryData<ReadingSettings>(readingSettingsKeys.mine(token));
      queryClient.setQueryData(readingSettingsKeys.mine(token), settings);
      return { before };
    },
    onError: (_error, _settings, context) => {
      if (context?.before) queryClient.setQueryData(readingSettingsKeys.mine(token), context.before);
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(readingSettingsKeys.mine(token), settings);
      storeReadingSettings(settings);
    },
  });

  if (token === null) {
    return {
      settings: local,
      choose: storeReadingSettings,
      saving: false,
      failed: false,
    };
  }
  return {
    settings: mine.data ?? local,
    choose: (settings) => save.mutate(settings),
    saving: save.isPending,
    failed: save.isError,
  };
}
