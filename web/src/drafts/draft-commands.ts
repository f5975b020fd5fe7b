import { api } from '../api/client';

/**
 * The creator's commands on a draft or a published story that carry no content (the form sends
 * the content itself). Each is one user action; a refusal throws ApiError with the server's detail.
 */
const path = (id: string) => encodeURIComponent(id);

export const publishDraft = (id: string) => api(`/api/drafts/${path(id)}/publish`, { method: 'POST' });

/** `publishAt` is an ISO time in the future (within a year). */
export const scheduleDraft = (id: string, publishAt: string) =>
  api(`/api/drafts/${path(id)}/schedule`, { method: 'PUT', body: { publishAt } });

export const unscheduleDraft = (id: string) => api(`/api/drafts/${path(id)}/schedule`, { method: 'DELETE' });

export const deleteDraft = (id: string) => api(`/api/drafts/${path(id)}`, { method: 'DELETE' });

export const unpublishStory = (id: string) => api(`/api/stories/${path(id)}/unpublish`, { method: 'POST' });
