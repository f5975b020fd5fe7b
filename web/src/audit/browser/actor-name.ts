/**
 * Who caused an event, as the event browser names them: a staff member or the owner by name and
 * role (`by`, as the server names them), a member with their stream beside, an anonymous
 * visitor, an invite-code holder, the system. An actor the browser does not know is shown as it
 * came, rather than hidden.
 */
export function actorName(actor: unknown, by: string | null | undefined): string {
  if (by) return by;
  const { kind, userKey } = (actor ?? {}) as { kind?: unknown; userKey?: unknown };
  switch (kind) {
    case 'user':
      return typeof userKey === 'string' ? `a member (user-${userKey})` : 'a member';
    case 'admin':
      return 'an admin session';
    case 'invite':
      return 'an invite-code holder';
    case 'anonymous':
      return 'an anonymous visitor';
    case 'system':
      return 'the system';
    default:
      return JSON.stringify(actor);
  }
}
