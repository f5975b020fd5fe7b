import type { EventOf, RecordedEvent } from '@nocturne/events';
import { digestUnsubscribeToken } from '@nocturne/http-kit/auth';
import { digestPenNamesOf } from '@nocturne/vault';
import { describeMailFailure, isPermanentMailFailure, type MailMessage } from '../mail/mailer';
import type { Reactor, ReactorContext } from '../runner/reactor';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const DIGEST_SUBJECT = 'New stories from creators you follow';

/** A story of the digest as its mail tells of it: the creator's pen name opened. */
export interface DigestMailStory {
  storyId: string;
  teaser: string;
  penName: string;
}

/**
 * The digest's mail: each story with its creator's pen name and its link, and an unsubscribe
 * link. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) let the mail client turn the
 * digest off with one POST to the API; the link in the text opens the SPA's confirmation page.
 * Both carry a token bound to the member and to unsubscribing, never the address.
 */
export function digestMail(
  event: Pick<EventOf<'DigestSent'>, 'data'>,
  told: readonly DigestMailStory[],
  email: string,
  context: Pick<ReactorContext, 'publicUrl' | 'secret' | 'supportEmail'>,
): MailMessage {
  const base = context.publicUrl.replace(/\/+$/, '');
  const token = encodeURIComponent(digestUnsubscribeToken(context.secret, event.data.userKey));
  const unsubscribePage = `${base}/email-digest/unsubscribe?token=${token}`;
  const oneClick = `${base}/api/email-digest/unsubscribe?token=${token}`;
  const stories = told.map((story) => ({
    ...story,
    url: `${base}/story/${encodeURIComponent(story.storyId)}`,
  }));
  const intro = 'New stories from the creators you follow on Nocturne:';
  const why = 'You get this daily digest because you turned it on in your profile.';
  const text = [
    intro,
    '',
    ...stories.map((story) => `- "${story.teaser}" by ${story.penName}: ${story.url}`),
    '',
    why,
    `Unsubscribe: ${unsubscribePage}`,
    `Questions? Write to ${context.supportEmail}.`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...stories.map(
      (story) =>
        `<li><a href="${escapeHtml(story.url)}">${escapeHtml(story.teaser)}</a> by ${escapeHtml(story.penName)}</li>`,
    ),
    '</ul>',
    `<p>${escapeHtml(why)} <a href="${escapeHtml(unsubscribePage)}">Unsubscribe</a></p>`,
  ].join('\n');
  return {
    to: email,
    subject: DIGEST_SUBJECT,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Sends each DigestSent: the decision to send (one a member a day) was taken when the event was
 * appended; this reactor's own checkpoint makes a rebuild or a restart send nothing again.
 * An erased account (key destroyed) gets nothing; a story whose creator is erased since is left
 * out (their pen name is shredded), and a digest left with no story is not sent.
 */
export const digestMailReactor: Reactor = {
  name: 'digest-mail',
  handles: ['DigestSent'],
  isPermanentFailure: isPermanentMailFailure,
  describeFailure: describeMailFailure,
  async react(event: RecordedEvent, context) {
    if (event.type !== 'DigestSent') return;
    const email = await context.vault.decrypt(event.data.email);
    if (email === null) return;
    const penNames = await digestPenNamesOf(context.vault, event.data.stories);
    const told = event.data.stories.flatMap(({ storyId, teaser }, i) => {
      const penName = penNames[i];
      return penName ? [{ storyId, teaser, penName }] : [];
    });
    if (told.length === 0) return;
    await context.mailer.send({ ...digestMail(event, told, email, context), userKey: event.data.userKey });
  },
};
