import { reportMessages } from '@nocturne/domain';
import { HttpError } from '@nocturne/http-kit';

/**
 * The answer for a story a moderator hid: 451 Unavailable For Legal Reasons with a short
 * statement, to everyone, whoever unlocked it before (a restore makes it readable again).
 */
export const storyUnavailable = () => new HttpError(451, reportMessages.unavailable);

export const unavailableDoc = {
  451: 'The story was hidden by a moderator (Unavailable For Legal Reasons)',
} as const;
