import { roleLabels, STAFF_ROLES, type StaffRoleName } from '@nocturne/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { DataTable } from '../ui/DataTable';
import { EmptyNote } from '../ui/EmptyNote';
import { controlClass, EmailField, SelectField } from '../ui/Field';
import { LoadMore } from '../ui/LoadMore';
import { Pill } from '../ui/Pill';
import { SectionTitle } from '../ui/SectionTitle';
import { surfaceClass } from '../ui/Surface';
import {
  changeStaffRole,
  inviteStaff,
  removeStaff,
  resetEveryStaffSecondFactor,
  resetStaffSecondFactor,
  type StaffMember,
} from './admin-api';
import { adminKeys, staffQuery } from './admin-queries';
import './StaffTab.css';

const detailOf = (error: unknown) =>
  error instanceof ApiError && error.detail ? error.detail : 'Something went wrong. Please try again.';

const secondFactorLabel = (member: StaffMember) => {
  if (member.second_factor === 'enrolled')
    return `Enrolled (${member.recovery_codes_left} recovery codes left)`;
  return member.password_set ? 'Not enrolled yet (password set)' : 'Not enrolled yet';
};

/**
 * The owner's Staff tab: invite by e-mail into a role; change a role; reset a member's second
 * factor, or everyone's (their sessions end, and a link to enrol a new authenticator app is
 * mailed); remove (sessions end at once).
 */
export function StaffTab({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const staff = useInfiniteQuery(staffQuery(token));
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.staff(token) });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const act = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => void reload(),
    onError: (error) => setNotice({ tone: 'error', text: detailOf(error) }),
  });

  const members = staff.data?.pages.flatMap((page) => page.staff) ?? [];
  const current = staff.data?.pages[0]?.current ?? 0;
  const resetOne = (member: StaffMember) => {
    const who = member.email ?? 'this member';
    if (
      !confirm(
        `Reset the second factor of ${who}? Their sessions end, and a link to set up their authenticator app again is mailed to them.`,
      )
    )
      return;
    act.mutate(async () => {
      await resetStaffSecondFactor(token, member.staff_id);
      setNotice({ tone: 'success', text: `Second factor reset: a link to enrol again was sent to ${who}.` });
    });
  };
  const resetAll = () => {
    if (
      !confirm(
        'Reset the second factor of every staff member? All their sessions end, and each is mailed a link to set up their authenticator app again.',
      )
    )
      return;
    act.mutate(async () => {
      const { reset } = await resetEveryStaffSecondFactor(token);
      setNotice({
        tone: 'success',
        text: `Second factor reset for ${reset} staff member${reset === 1 ? '' : 's'}: each was sent a link to enrol again.`,
      });
    });
  };
  return (
    <div className="admin-staff">
      <InviteForm
        token={token}
        onInvited={(email) => {
          setNotice({ tone: 'success', text: `Invitation sent to ${email}.` });
          void reload();
        }}
      />
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {staff.isError ? <Alert tone="error">Failed to load staff</Alert> : null}
      <section aria-labelledby="staff-title">
        <div className="admin-staff__heading">
          <SectionTitle id="staff-title">Staff ({current})</SectionTitle>
          {members.some((member) => member.status !== 'removed') ? (
            <Button size="sm" variant="ghost" onClick={resetAll} disabled={act.isPending}>
              Reset every second factor
            </Button>
          ) : null}
        </div>
        {members.length === 0 ? (
          <EmptyNote>No staff yet: invite someone above.</EmptyNote>
        ) : (
          <DataTable footer={<LoadMore pages={staff} />}>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Second factor</th>
                <th scope="col">Last Login</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.staff_id} data-staff-id={member.staff_id}>
                  <td className="data-table__email">{member.email ?? '(erased)'}</td>
                  <td>{roleLabels[member.role]}</td>
                  <td>
                    <Pill tone={member.status === 'active' ? 'ok' : 'warn'}>
                      {member.status === 'active'
                        ? 'Active'
                        : member.status === 'invited'
                          ? 'Invited'
                          : 'Removed'}
                    </Pill>
                  </td>
                  <td>{secondFactorLabel(member)}</td>
                  <td>{member.last_login_at ? new Date(member.last_login_at).toLocaleString() : 'Never'}</td>
                  <td>
                    {member.status === 'removed' ? null : (
                      <div className="data-table__actions">
                        <select
                          // A label of its own (not a visually hidden element): an absolutely
                          // positioned one would escape the table's scrolling wrapper.
                          aria-label={`Role of ${member.email ?? 'this member'}`}
                          className={controlClass('input--compact')}
                          value={member.role}
                          onChange={(event) =>
                            act.mutate(() =>
                              changeStaffRole(token, member.staff_id, event.target.value as StaffRoleName),
                            )
                          }
                        >
                          {STAFF_ROLES.map((role) => (
                            <option key={role} value={role}>
                              {roleLabels[role]}
                            </option>
                          ))}
                        </select>
                        <Button size="sm" variant="ghost" onClick={() => resetOne(member)}>
                          Reset second factor
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          onClick={() => {
                            if (
                              !confirm(`Remove ${member.email ?? 'this member'}? Their sessions end at once.`)
                            )
                              return;
                            act.mutate(() => removeStaff(token, member.staff_id));
                          }}
                        >
                          Remove
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
    </div>
  );
}

function InviteForm({ token, onInvited }: { token: string; onInvited(email: string): void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRoleName>('moderator');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      await inviteStaff(token, email, role);
      onInvited(email);
      setEmail('');
    } catch (failure) {
      setError(detailOf(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className={surfaceClass('admin-invite')} aria-labelledby="invite-title">
      <SectionTitle id="invite-title">Invite a staff member</SectionTitle>
      <form className="admin-invite__form" onSubmit={submit}>
        <EmailField autoComplete="off" value={email} onValue={setEmail} />
        <SelectField
          label="Role"
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRoleName)}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabels[r]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary" loading={sending} disabled={!email}>
          Send invitation
        </Button>
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <p className="text-muted admin-invite__roles">
        Admin: everything but staff. Moderator: story visibility and reports. Auditor: reads users, payments,
        premium histories and growth; changes nothing.
      </p>
    </section>
  );
}
