import type { CreatorProfile } from '@nocturne/domain';
import { queryOptions } from '@tanstack/react-query';
import { startedAnswer, startedData } from '../api/started-answer';
import { answerOf, client } from '../api/typed-client';
import { storyPagesQuery } from '../stories/story-pages-query';
import type { StoryViewer } from '../stories/story-queries';
import { takeStartedCreator } from './started-creator';

/** How many of a creator's stories a page shows, and how many more each "Load More" brings. */
export const CREATOR_PAGE = 6;

/**
 * The creators' keys: a follow or a new pen name refreshes `all()` (every creator's page and
 * counts, and the session's pen name). The bell's notifications are a family of their own.
 */
export const creatorKeys = {
  all: () => ['creators'] as const,
  /** One creator's page header for one viewer (GET /api/creators/{handle}). */
  creator: (handle: string, token: string | null) => [...creatorKeys.all(), { handle, token }] as const,
  /** The session's pen name (GET /api/me/pen-name). */
  penName: (token: string | null) => [...creatorKeys.all(), 'me', { token }] as const,
  /** The session's notifications (GET /api/me/notifications). */
  notifications: (token: string | null) => ['notifications', { token }] as const,
};

/**
 * How often the bell asks for news: a followed creator's new story shows within this and the
 * projection's lag, well inside ten seconds.
 */
export const NOTIFICATIONS_POLL_MS = 4_000;

export const creatorQuery = (handle: string, token: string | null) =>
  queryOptions({
    queryKey: creatorKeys.creator(handle, token),
    queryFn: async ({ signal }): Promise<CreatorProfile> => {
      // What the page's early script already asked for a visitor (./started-creator.ts).
      const started = await startedData<CreatorProfile>(takeStartedCreator(handle, token, 'creator'));
      return (
        started ?? answerOf(client.GET('/api/creators/{handle}', { params: { path: { handle } }, signal }))
      );
    },
    retry: false,
  });

/** The creator's live stories, newest first, a page at a time, with every list's premium rules. */
export const creatorStoriesQuery = (viewer: StoryViewer, handle: string) =>
  storyPagesQuery({ ...viewer, first: CREATOR_PAGE, creator: handle }, CREATOR_PAGE, () =>
    startedAnswer(takeStartedCreator(handle, viewer.token, 'stories')),
  );

/** The session's pen name (null before the first story); nothing for a visitor. */
export const penNameQuery = (token: string | null) =>
  queryOptions({
    queryKey: creatorKeys.penName(token),
    queryFn: ({ signal }) => answerOf(client.GET('/api/me/pen-name', { signal })),
    enabled: token !== null,
  });

export const notificationsQuery = (token: string | null) =>
  queryOptions({
    queryKey: creatorKeys.notifications(token),
    queryFn: ({ signal }) => answerOf(client.GET('/api/me/notifications', { signal })),
    enabled: token !== null,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
