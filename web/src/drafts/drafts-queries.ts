import { queryOptions } from '@tanstack/react-query';
import { answerOf, client } from '../api/typed-client';

/**
 * The creator's own stories before and after publishing: a save, a schedule or a publish
 * refreshes `all()` (the list, each draft and each story being revised).
 */
export const draftKeys = {
  all: () => ['drafts'] as const,
  /** The session's drafts (GET /api/me/drafts). */
  list: (token: string | null) => [...draftKeys.all(), 'list', { token }] as const,
  /** One draft, to edit it (GET /api/me/drafts/{id}). */
  draft: (token: string | null, id: string) => [...draftKeys.all(), 'draft', { token, id }] as const,
  /** One of the session's published stories, to revise it (GET /api/me/stories/{id}). */
  ownStory: (token: string | null, id: string) => [...draftKeys.all(), 'story', { token, id }] as const,
};

const fetchDrafts = (signal?: AbortSignal) => answerOf(client.GET('/api/me/drafts', { signal }));
const fetchDraft = (id: string, signal?: AbortSignal) =>
  answerOf(client.GET('/api/me/drafts/{id}', { params: { path: { id } }, signal }));
const fetchOwnStory = (id: string, signal?: AbortSignal) =>
  answerOf(client.GET('/api/me/stories/{id}', { params: { path: { id } }, signal }));

export type DraftSummary = Awaited<ReturnType<typeof fetchDrafts>>['drafts'][number];
/** A story's content as its creator edits it: each slide's image (a signed reference) and text. */
export type OwnContent = Awaited<ReturnType<typeof fetchOwnStory>>;

export const draftsQuery = (token: string | null) =>
  queryOptions({
    queryKey: draftKeys.list(token),
    queryFn: ({ signal }) => fetchDrafts(signal),
    enabled: token !== null,
  });

/** What the studio's editor opens: a draft, or a published story to revise (both as OwnContent). */
export const editedContentQuery = (token: string | null, kind: 'draft' | 'story', id: string) =>
  queryOptions<OwnContent>({
    queryKey: kind === 'draft' ? draftKeys.draft(token, id) : draftKeys.ownStory(token, id),
    queryFn: ({ signal }) => (kind === 'draft' ? fetchDraft(id, signal) : fetchOwnStory(id, signal)),
    enabled: token !== null,
  });
