import type { DomainEvent } from '@nocturne/events';
import { describe, it } from 'vitest';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { staffProjection } from './staff-projection';

const readModel = useReadModelDatabase('staff');
const vault = lookupVault(new Map([['pii:v1:acct:mod', 'mod@staff.example']]));
const given = projectionSpec(staffProjection, readModel, { vault });
const record = eventRecorder();
const digest = (c: string) => c.repeat(64);

const invited = (role: 'moderator' | 'auditor', email = 'pii:v1:acct:mod'): DomainEvent => ({
  type: 'StaffInvited',
  data: {
    accountId: '7d7f3a38-5c3b-4f7e-9a51-2f0b1d1c0a11',
    email,
    role,
    invitation: { tokenDigest: digest('a'), expiresAt: '2026-03-08T10:00:00Z' },
  },
});
const passwordSet: DomainEvent = {
  type: 'StaffPasswordSet',
  data: { tokenDigest: digest('a'), passwordHash: 'pii:v1:acct:h' },
};
const enrolled: DomainEvent = {
  type: 'StaffSecondFactorEnrolled',
  data: {
    tokenDigest: digest('a'),
    totpSecret: 'pii:v1:acct:t',
    recoveryCodeDigests: Array.from({ length: 10 }, (_, i) => digest(String(i))),
  },
};
const loggedIn = (recovery: string | null): DomainEvent => ({
  type: 'StaffLoggedIn',
  data: { totpStep: recovery ? null : 5, recoveryCodeDigest: recovery },
});
const rows = () => readModel().selectFrom('staff').selectAll().orderBy('staff_id').execute();
/** The columns asked for of member a2's row. */
const staffA2 =
  <Column extends 'email' | 'role' | 'status'>(columns: readonly Column[]) =>
  () =>
    readModel().selectFrom('staff').select(columns).where('staff_id', '=', 'a2').execute();

describe('staff projection', () => {
  it('follows a member from invitation through enrolment and logins (a recovery code counts down)', async () => {
    await given(
      record(invited('moderator'), 'staff-m1', '2026-03-01T10:00:00Z'),
      record(passwordSet, 'staff-m1', '2026-03-01T10:05:00Z'),
    ).thenRows(rows, [
      {
        staff_id: 'm1',
        email: 'mod@staff.example',
        role: 'moderator',
        status: 'invited',
        password_set: true,
        second_factor: 'pending',
        recovery_codes_left: 0,
        invited_at: new Date('2026-03-01T10:00:00Z'),
        last_login_at: null,
      },
    ]);
    await given(
      record(enrolled, 'staff-m1', '2026-03-01T10:06:00Z'),
      record(loggedIn(null), 'staff-m1', '2026-03-01T10:07:00Z'),
      record(loggedIn(digest('3')), 'staff-m1', '2026-03-02T09:00:00Z'),
    ).thenRows(
      () =>
        readModel()
          .selectFrom('staff')
          .select(['status', 'second_factor', 'recovery_codes_left', 'last_login_at'])
          .execute(),
      [
        {
          status: 'active',
          second_factor: 'enrolled',
          recovery_codes_left: 9,
          last_login_at: new Date('2026-03-02T09:00:00Z'),
        },
      ],
    );
  });

  it('makes a member whose second factor was reset invited again, password kept, no recovery codes', async () => {
    await given(
      record(
        {
          type: 'StaffSecondFactorReset',
          data: {
            email: 'pii:v1:acct:email',
            invitation: { tokenDigest: digest('9'), expiresAt: '2026-03-10T10:00:00Z' },
          },
        },
        'staff-m1',
        '2026-03-03T10:00:00Z',
      ),
    ).thenRows(
      () =>
        readModel()
          .selectFrom('staff')
          .select(['status', 'password_set', 'second_factor', 'recovery_codes_left', 'last_login_at'])
          .execute(),
      [
        {
          status: 'invited',
          password_set: true,
          second_factor: 'pending',
          recovery_codes_left: 0,
          last_login_at: new Date('2026-03-02T09:00:00Z'),
        },
      ],
    );
  });

  it('changes the role, marks a removal, and starts afresh on a new invitation; an unreadable address is null', async () => {
    await given(
      record(invited('auditor', 'pii:v1:acct:gone'), 'staff-a2', '2026-03-01T10:00:00Z'),
      record({ type: 'StaffRoleChanged', data: { role: 'admin' } }, 'staff-a2', '2026-03-01T11:00:00Z'),
    ).thenRows(staffA2(['email', 'role', 'status']), [{ email: null, role: 'admin', status: 'invited' }]);
    await given(record({ type: 'StaffRemoved', data: {} }, 'staff-a2', '2026-03-01T12:00:00Z')).thenRows(
      staffA2(['role', 'status']),
      [{ role: 'admin', status: 'removed' }],
    );
    await given(record(invited('moderator'), 'staff-a2', '2026-03-03T12:00:00Z')).thenRows(
      staffA2(['email', 'role', 'status']),
      [{ email: 'mod@staff.example', role: 'moderator', status: 'invited' }],
    );
  });
});
