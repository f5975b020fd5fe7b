import { roleLabels } from '@nocturne/domain';
import { idOf } from '@nocturne/events';
import { staffInvitationToken } from '@nocturne/http-kit/auth';
import { describeMailFailure, isPermanentMailFailure } from '../mail/mailer';
import type { Reactor } from '../runner/reactor';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The staff invitation mail: the link into the hidden panel where the invited person chooses a
 * password and enrols the second factor; and, after the owner reset a member's second factor,
 * the same link to enrol a new authenticator. The token is derived from the event's id, as the
 * command handler derived its digest. Its own checkpoint: a rebuild never sends it again.
 */
export const staffMailReactor: Reactor = {
  name: 'staff-mail',
  handles: ['StaffInvited', 'StaffSecondFactorReset'],
  isPermanentFailure: isPermanentMailFailure,
  describeFailure: describeMailFailure,
  async react(event, context) {
    if (event.type !== 'StaffInvited' && event.type !== 'StaffSecondFactorReset') return;
    const email = await context.vault.decrypt(event.data.email);
    if (email === null) return;
    const { token } = staffInvitationToken(context.secret, idOf(event.streamName), event.eventId);
    const url = `${context.publicUrl.replace(/\/+$/, '')}/admin_staff?invitation=${encodeURIComponent(token)}`;
    const invited = event.type === 'StaffInvited';
    const lines = invited
      ? [
          `You are invited to the Nocturne team as ${roleLabels[event.data.role]}.`,
          'Open the link to choose a password and set up your authenticator app (a second factor is required).',
          'The link is valid for 7 days and works until you have finished.',
          'If you did not expect this, ignore this email: nothing happens without it.',
        ]
      : [
          'Your second factor for the Nocturne team was reset: your authenticator app and recovery codes no longer sign you in.',
          'Open the link to set up your authenticator app again; your password stays the same.',
          'The link is valid for 7 days and works until you have finished.',
          'If you did not expect this, tell the owner of the team.',
        ];
    await context.mailer.send({
      to: email,
      subject: invited ? 'Your invitation to the Nocturne team' : 'Set up your authenticator app again',
      text: [
        lines[0],
        '',
        `${invited ? 'Accept the invitation' : 'Set up your authenticator app'}: ${url}`,
        '',
        ...lines.slice(1),
      ].join('\n'),
      html: [
        `<p>${escapeHtml(lines[0]!)}</p>`,
        `<p><a href="${escapeHtml(url)}">${invited ? 'Accept the invitation' : 'Set up your authenticator app'}</a></p>`,
        ...lines.slice(1).map((line) => `<p>${escapeHtml(line)}</p>`),
      ].join('\n'),
    });
  },
};
