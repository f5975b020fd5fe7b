import { apiFetch } from '../api/client';

/** The fixed feedback text of a waitlist entry. */
export const WAITLIST_FEEDBACK = 'Feature request: I would like to create my own AI-generated stories.';

export const waitlistJoinedAlert =
  "Thank you for your interest! We've added you to our waiting list and will notify you when story creation becomes publicly available.";
export const waitlistFailedAlert = 'Something went wrong. Please try again.';

/** POST /api/waitlist, form-encoded {email, feedback}; the answer is not read. */
export async function joinWaitlist(email: string): Promise<void> {
  const response = await apiFetch('/api/waitlist', {
    method: 'POST',
    body: new URLSearchParams({ email: email.trim(), feedback: WAITLIST_FEEDBACK }),
    token: null,
  });
  if (!response.ok) throw new Error(`Waitlist answered ${response.status}`);
}
