import { mayReadPersonalData } from '@nocturne/domain';
import { useQuery } from '@tanstack/react-query';
import { timelineQuery } from '../audit/audit-queries';
import { Facts } from '../audit/Facts';
import { eventLabels, rowDetails, when } from '../audit/timeline/timeline-rows';
import { Alert } from '../ui/Alert';
import { ButtonGroup } from '../ui/ButtonGroup';
import { CopyButton } from '../ui/CopyButton';
import { EmptyNote } from '../ui/EmptyNote';
import { Pill } from '../ui/Pill';
import { SectionSubtitle } from '../ui/SectionTitle';
import { SidePanel } from '../ui/SidePanel';
import { Spinner } from '../ui/Spinner';
import { useAdminAccess } from './admin-access';
import type { AdminUser } from './admin-api';
import { PremiumStanding } from './PremiumStanding';
import { UserActionButtons, useUserActionRights } from './UserActionButtons';
import type { UserAction } from './use-user-actions';
import './UserPanel.css';

/** The events of an account that make its premium history. */
const PREMIUM_EVENTS = new Set([
  'PaymentConfirmationSubmitted',
  'PremiumGranted',
  'PremiumRevoked',
  'AccountFlaggedForStaff',
  'PremiumStoryUnlocked',
  'PremiumUnlockReturned',
]);

/** A user's name in the panel: the address, or the account id for a role that reads no addresses. */
export const userName = (user: AdminUser, readsAddresses: boolean) =>
  readsAddresses ? user.email : `Account ${user.account_id}`;

/**
 * One user beside the list (`?user=` keeps it): their account, premium and last login, their
 * premium history from the audit timeline, and the actions the role may take, each asked first.
 */
export function UserPanel({
  token,
  open,
  user,
  loading,
  failed,
  onClose,
  onAction,
}: {
  token: string;
  open: boolean;
  user: AdminUser | null;
  loading: boolean;
  failed: boolean;
  onClose(): void;
  onAction(action: UserAction, email: string): void;
}) {
  const { role } = useAdminAccess();
  const readsPersonalData = mayReadPersonalData(role);
  const rights = useUserActionRights();
  const title = user ? userName(user, readsPersonalData) : 'User';
  return (
    <SidePanel
      open={open}
      onClose={onClose}
      title={<span className="user-panel__title">{title}</span>}
      footer={
        user && rights.any ? (
          <ButtonGroup label={`Act on ${title}`}>
            <UserActionButtons user={user} place="panel" onAction={onAction} />
          </ButtonGroup>
        ) : undefined
      }
    >
      {user ? (
        <UserDetails token={token} user={user} />
      ) : loading ? (
        <Spinner label="Loading the user…" block />
      ) : failed ? (
        <Alert tone="error">The user could not be loaded.</Alert>
      ) : (
        <EmptyNote>No account has this id: it may have been deleted.</EmptyNote>
      )}
    </SidePanel>
  );
}

function UserDetails({ token, user }: { token: string; user: AdminUser }) {
  const { may, role } = useAdminAccess();
  const readsPersonalData = mayReadPersonalData(role);
  return (
    <div className="user-panel">
      <Facts
        label="Account"
        facts={[
          ...(readsPersonalData
            ? [
                {
                  term: 'Address',
                  value: <span className="user-panel__address">{user.email}</span>,
                  wide: true,
                },
              ]
            : []),
          {
            term: 'Account id',
            value: (
              <span className="user-panel__id">
                <span className="text-mono">{user.account_id}</span>
                <CopyButton value={user.account_id} label="Copy id" copied="Account id copied" />
              </span>
            ),
          },
          {
            term: 'Status',
            value: (
              <Pill tone={user.verified ? 'ok' : 'warn'}>{user.verified ? 'Verified' : 'Unverified'}</Pill>
            ),
          },
          {
            term: 'Premium',
            value: <PremiumStanding user={user} left="stories left" />,
          },
          { term: 'Created', value: user.created_at ? when(user.created_at) : '—' },
          { term: 'Last Login', value: user.last_login ? when(user.last_login) : 'Never' },
        ]}
      />
      {may('GET', '/api/admin/audit/timeline') ? (
        <PremiumHistory token={token} account={user.account_id} />
      ) : null}
    </div>
  );
}

/** The account's purchases, grants, revocations and unlocks, newest first, from the audit timeline. */
function PremiumHistory({ token, account }: { token: string; account: string }) {
  const timeline = useQuery(timelineQuery(token, { who: { account }, asOf: null }));
  const rows = (timeline.data?.rows ?? []).filter((row) => PREMIUM_EVENTS.has(row.event)).reverse();
  return (
    <section aria-labelledby="user-premium-history" className="user-panel__history">
      <SectionSubtitle id="user-premium-history">Premium history</SectionSubtitle>
      {timeline.isPending ? (
        <Spinner label="Loading the premium history…" />
      ) : timeline.isError ? (
        <Alert tone="error">The premium history could not be loaded.</Alert>
      ) : rows.length === 0 ? (
        <EmptyNote>No purchases or grants yet.</EmptyNote>
      ) : (
        <ol className="user-panel__events" aria-label="Premium history, newest first">
          {rows.map((row) => (
            <li key={row.position}>
              <span className="user-panel__event">{eventLabels[row.event] ?? row.event}</span>
              <time dateTime={row.at} className="text-meta">
                {when(row.at)}
              </time>
              <span className="user-panel__details">
                {rowDetails(row, timeline.data.erased, timeline.data.story_texts)}
              </span>
              <span className="text-meta">by {row.by}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
