import { answerOf, client } from '../api/typed-client';

export const chooseEmailDigest = (enabled: boolean) =>
  answerOf(client.PUT('/api/me/email-digest', { body: { enabled } }));

/** The unsubscribe link's token: no session needed, the token names the member. */
export const unsubscribeFromDigest = (token: string) =>
  answerOf(client.POST('/api/email-digest/unsubscribe', { params: { query: { token } }, body: {} }));
