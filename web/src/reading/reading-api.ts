import type { Story } from '@nocturne/domain';
import { api } from '../api/client';

export type ShelfName = 'continue' | 'saved' | 'read' | 'unlocked';

/** A reader's relation to one story, as the server answers it. */
export interface StoryReading {
  slide: number | null;
  finished: boolean;
  saved: boolean;
}

const storyPath = (id: string, rest: string) => `/api/stories/${encodeURIComponent(id)}/${rest}`;

/** PUT /api/stories/{id}/progress; `keepalive` when sent while the page goes away. */
export const recordProgress = (id: string, slide: number, keepalive = false) =>
  api<StoryReading>(storyPath(id, 'progress'), { method: 'PUT', body: { slide }, keepalive });

export const markFinished = (id: string) => api<StoryReading>(storyPath(id, 'finished'), { method: 'PUT' });

export const setSaved = (id: string, saved: boolean) =>
  api<StoryReading>(storyPath(id, 'saved'), { method: saved ? 'PUT' : 'DELETE' });

export const fetchProgress = (id: string, signal?: AbortSignal) =>
  api<StoryReading>(storyPath(id, 'progress'), { signal });

export const fetchShelf = (shelf: ShelfName, signal?: AbortSignal) =>
  api<Story[]>(`/api/me/library?shelf=${shelf}`, { signal });
