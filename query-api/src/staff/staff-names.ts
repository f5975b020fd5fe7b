import { type AdminRole, isStaffRole, roleLabels } from '@nocturne/domain';
import type { ReadModel } from '@nocturne/projector/read-model';
import type { Kysely } from 'kysely';

/** Who acted in an admin session, as every staff view names them. */
export interface StaffDecider {
  /** The staff member's name and role, e.g. "mod@example.com (Moderator)", or "the owner (Owner)". */
  name: string;
  /** Null for the owner (the admin password). */
  staff_id: string | null;
  /** The role the member holds now (a removed member's last one); null when the member is unknown. */
  role: AdminRole | null;
}

/** An event's actor as the projections and the log keep it: only its kind and staff id matter here. */
export interface ActorRef {
  kind?: unknown;
  staffId?: unknown;
}

interface StaffRow {
  email: string | null;
  role: string;
  status: string;
}

/**
 * Names the admin actors of a set of events (decisions, timeline rows, logged events): reads the
 * `staff` read model once for all their staff ids. An actor without a staff id is the owner, who
 * signs in with the admin password. A member is named by their address for a role that may read
 * personal data, and otherwise by the start of their staff id (the same member, the same name),
 * so the views seal staff addresses as the event browser does.
 */
export async function staffNamer(
  db: Kysely<ReadModel>,
  actors: readonly ActorRef[],
  readsPersonalData: boolean,
): Promise<(actor: ActorRef) => StaffDecider | null> {
  const ids = [
    ...new Set(
      actors.flatMap((a) => (a.kind === 'admin' && typeof a.staffId === 'string' ? [a.staffId] : [])),
    ),
  ];
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('staff')
          .select(['staff_id', 'email', 'role', 'status'])
          .where('staff_id', 'in', ids)
          .execute();
  const members = new Map<string, StaffRow>(rows.map((row) => [row.staff_id, row]));
  return (actor) => {
    if (actor.kind !== 'admin') return null;
    if (typeof actor.staffId !== 'string')
      return { name: `the owner (${roleLabels.owner})`, staff_id: null, role: 'owner' };
    return staffDecider(actor.staffId, members.get(actor.staffId), readsPersonalData);
  };
}

function staffDecider(
  staffId: string,
  member: StaffRow | undefined,
  readsPersonalData: boolean,
): StaffDecider {
  const called = readsPersonalData && member?.email ? member.email : `staff member ${staffId.slice(0, 8)}`;
  if (!member || !isStaffRole(member.role)) return { name: called, staff_id: staffId, role: null };
  const role = `${roleLabels[member.role]}${member.status === 'removed' ? ', removed' : ''}`;
  return { name: `${called} (${role})`, staff_id: staffId, role: member.role };
}
