import { idOf } from '@nocturne/events';
import type { Insertable } from 'kysely';
import type { StaffTable } from '../../read-model/schema';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';

/**
 * Table `staff`: one row per staff member for the owner's list: role, where they are in the
 * invitation (password, second factor), recovery codes left, last login. A reset of the second
 * factor makes the member invited again (password kept) until they enrol anew. A removal keeps the
 * row, marked; a new invitation of the address starts it afresh. Times are the events' own.
 */
export const staffProjection: Projection = {
  name: 'staff',
  handles: [
    'StaffInvited',
    'StaffPasswordSet',
    'StaffSecondFactorEnrolled',
    'StaffSecondFactorReset',
    'StaffLoggedIn',
    'StaffRoleChanged',
    'StaffRemoved',
  ],
  async applyBatch(trx, events, { vault }) {
    const invitations = events.flatMap((e) => (e.type === 'StaffInvited' ? [e] : []));
    const emails = await vault.decryptMany(invitations.map((e) => e.data.email));
    const emailOf = new Map(invitations.map((e, i) => [e.eventId, emails[i] ?? null]));

    const ids = [...new Set(events.map((e) => idOf(e.streamName)))].sort();
    const rows = new Map<string, Insertable<StaffTable>>();
    if (ids.length > 0) {
      for (const row of await trx.selectFrom('staff').selectAll().where('staff_id', 'in', ids).execute())
        rows.set(row.staff_id, row);
    }
    const touched = new Set<string>();
    const update = (id: string, change: (row: Insertable<StaffTable>) => Insertable<StaffTable>) => {
      const row = rows.get(id);
      if (!row) return;
      rows.set(id, change(row));
      touched.add(id);
    };

    for (const event of events) {
      const id = idOf(event.streamName);
      switch (event.type) {
        case 'StaffInvited':
          rows.set(id, {
            staff_id: id,
            email: emailOf.get(event.eventId) ?? null,
            role: event.data.role,
            status: 'invited',
            password_set: false,
            second_factor: 'pending',
            recovery_codes_left: 0,
            invited_at: event.recordedAt,
            last_login_at: null,
          });
          touched.add(id);
          break;
        case 'StaffPasswordSet':
          update(id, (row) => ({ ...row, password_set: true }));
          break;
        case 'StaffSecondFactorEnrolled':
          update(id, (row) => ({
            ...row,
            status: 'active',
            second_factor: 'enrolled',
            recovery_codes_left: event.data.recoveryCodeDigests.length,
          }));
          break;
        case 'StaffSecondFactorReset':
          update(id, (row) => ({
            ...row,
            status: 'invited',
            second_factor: 'pending',
            recovery_codes_left: 0,
          }));
          break;
        case 'StaffLoggedIn':
          update(id, (row) => ({
            ...row,
            last_login_at: event.recordedAt,
            recovery_codes_left: row.recovery_codes_left - (event.data.recoveryCodeDigest ? 1 : 0),
          }));
          break;
        case 'StaffRoleChanged':
          update(id, (row) => ({ ...row, role: event.data.role }));
          break;
        case 'StaffRemoved':
          update(id, (row) => ({ ...row, status: 'removed' }));
          break;
      }
    }

    const changed = [...touched].sort().map((id) => rows.get(id)!);
    await inChunks(changed, (slice) =>
      trx
        .insertInto('staff')
        .values(slice)
        .onConflict((oc) =>
          oc.column('staff_id').doUpdateSet((eb) => ({
            email: eb.ref('excluded.email'),
            role: eb.ref('excluded.role'),
            status: eb.ref('excluded.status'),
            password_set: eb.ref('excluded.password_set'),
            second_factor: eb.ref('excluded.second_factor'),
            recovery_codes_left: eb.ref('excluded.recovery_codes_left'),
            invited_at: eb.ref('excluded.invited_at'),
            last_login_at: eb.ref('excluded.last_login_at'),
          })),
        )
        .execute(),
    );
  },
};
