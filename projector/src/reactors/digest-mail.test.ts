import type { EventOf, RecordedEvent } from '@nocturne/events';
import { digestUnsubscribeOwner } from '@nocturne/http-kit/auth';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/mailer';
import { DIGEST_SUBJECT, digestMailReactor } from './digest-mail';
import { reactorContext as context } from './testing/reactor-context';

const userKey = '0123456789abcdef0123456789abcdef';
const sealed = 'pii:v1:acc:iv:body:tag';
/** The creators' pen names, sealed under each creator's key. */
const owl = 'pii:v1:acc-owl:iv:body:tag';
const lark = 'pii:v1:acc-lark:iv:body:tag';
const opened = { [sealed]: 'reader@nocturne.test', [owl]: 'Night Owl', [lark]: 'Lark' };

const digestSent = (): RecordedEvent<EventOf<'DigestSent'>> => ({
  type: 'DigestSent',
  data: {
    userKey,
    day: '2026-11-27',
    through: 42,
    email: sealed,
    stories: [
      { storyId: 's-1', teaser: 'The lamp was lit', penName: owl },
      { storyId: 's-2', teaser: 'A <door> opened', penName: lark },
    ],
  },
  eventId: 'e-1',
  streamName: `digest-${userKey}`,
  streamRevision: 0,
  position: 43,
  recordedAt: new Date('2026-11-27T07:00:00.000Z'),
  metadata: {
    correlationId: 'c',
    causationId: 'digest:2026-11-27',
    actor: { kind: 'system' },
    schemaVersion: 2,
  },
});

/** The message as the mailer writes it on the wire, headers unfolded. */
async function rendered(message: MailMessage): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const { userKey: _whose, ...mail } = message;
  const info = await transport.sendMail({ from: 'Nocturne <help@nocturne.test>', ...mail });
  return (info as unknown as { message: Buffer }).message.toString('utf8').replace(/\n[ \t]+/g, ' ');
}

describe('the digest mail', () => {
  it('lists each story with its pen name and link, and an unsubscribe link to the SPA', async () => {
    const { ctx, sent } = context(opened);
    await digestMailReactor.react(digestSent(), ctx);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail).toMatchObject({ to: 'reader@nocturne.test', subject: DIGEST_SUBJECT, userKey });
    expect(mail!.text).toContain('- "The lamp was lit" by Night Owl: https://nocturne.test/story/s-1');
    expect(mail!.text).toContain('- "A <door> opened" by Lark: https://nocturne.test/story/s-2');
    expect(mail!.html).toContain('A &#60;door&#62; opened');
    const page = /Unsubscribe: (https:\/\/nocturne\.test\/email-digest\/unsubscribe\?token=\S+)/.exec(
      mail!.text,
    );
    expect(page).not.toBeNull();
    const token = new URL(page![1]!).searchParams.get('token');
    expect(digestUnsubscribeOwner('server-secret', token)).toBe(userKey);
  });

  it('carries List-Unsubscribe to the API and List-Unsubscribe-Post for one click (RFC 8058), without the address', async () => {
    const { ctx, sent } = context(opened);
    await digestMailReactor.react(digestSent(), ctx);
    const raw = await rendered(sent[0]!);
    const header =
      /^List-Unsubscribe: <(https:\/\/nocturne\.test\/api\/email-digest\/unsubscribe\?token=[^>]+)>$/m.exec(
        raw,
      );
    expect(header).not.toBeNull();
    expect(header![1]).not.toContain('reader');
    expect(digestUnsubscribeOwner('server-secret', new URL(header![1]!).searchParams.get('token'))).toBe(
      userKey,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('is not sent to an erased account (its key destroyed)', async () => {
    const { ctx, sent } = context({});
    await digestMailReactor.react(digestSent(), ctx);
    expect(sent).toEqual([]);
  });

  it('leaves out the story of a creator erased since (their pen name shredded); none left, no mail', async () => {
    const { ctx, sent } = context({ ...opened, [owl]: null });
    await digestMailReactor.react(digestSent(), ctx);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).not.toContain('The lamp was lit');
    expect(sent[0]!.text).toContain('- "A <door> opened" by Lark: https://nocturne.test/story/s-2');
    const none = context({ [sealed]: 'reader@nocturne.test' });
    await digestMailReactor.react(digestSent(), none.ctx);
    expect(none.sent).toEqual([]);
  });

  it('mails a digest recorded before the pen names were sealed with its plain names', async () => {
    const { ctx, sent } = context(opened);
    const old = digestSent();
    old.data.stories = [
      { storyId: 's-1', teaser: 'The lamp was lit', penName: null, legacyPenName: 'Old Owl' },
    ];
    await digestMailReactor.react(old, ctx);
    expect(sent[0]!.text).toContain('- "The lamp was lit" by Old Owl: https://nocturne.test/story/s-1');
  });
});
