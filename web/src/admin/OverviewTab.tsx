import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { integrityQuery } from '../audit/audit-queries';
import type { IntegrityCheck } from '../audit/integrity/integrity-api';
import { Button } from '../ui/Button';
import { SectionTitle } from '../ui/SectionTitle';
import { Spinner } from '../ui/Spinner';
import { surfaceClass } from '../ui/Surface';
import { useAdminAccess } from './admin-access';
import type { AdminUsersPage, RevenueRow } from './admin-api';
import { pendingPaymentsQuery, revenueQuery } from './admin-queries';
import type { ModerationQueue } from './moderation-api';
import './OverviewTab.css';

/** Where a card leads: a tab of the panel, and a section of it if it has sections. */
export type OverviewTarget = { tab: 'users' | 'reports' | 'audit'; section?: string };

/** Today as the revenue read model names its days (UTC). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Today's sign-ups among the newest page of users: "100+" when the whole page is today's and more follow. */
export function signupsToday(page: AdminUsersPage | undefined, today = todayUtc()): string | null {
  if (!page) return null;
  const count = page.users.filter((user) => user.created_at?.slice(0, 10) === today).length;
  return count === page.users.length && count > 0 && page.nextCursor ? `${count}+` : String(count);
}

/** Today's gross per currency, e.g. "$30.00", "€10.00 · $15.00"; null when nothing was paid today. */
export function grossToday(rows: RevenueRow[], today = todayUtc()): string | null {
  const shown = rows
    .filter((row) => row.period === today && row.gross > 0)
    .map((row) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: row.currency }).format(row.gross),
    );
  return shown.length > 0 ? shown.join(' · ') : null;
}

/**
 * The owner's and admins' first screen: what today asks of them at a glance (sign-ups,
 * purchases and payments waiting, open reports, the log's last verification), each card
 * leading to the tab where the work is. Read from the same routes as those tabs.
 */
export function OverviewTab({
  token,
  users,
  reports,
  onGo,
}: {
  token: string;
  users: UseInfiniteQueryResult<InfiniteData<AdminUsersPage>>;
  reports: UseInfiniteQueryResult<InfiniteData<ModerationQueue>>;
  onGo(target: OverviewTarget): void;
}) {
  const { may } = useAdminAccess();
  const canRevenue = may('GET', '/api/admin/revenue');
  const canPending = may('GET', '/api/admin/payments');
  const canLog = may('GET', '/api/admin/integrity/:kind');
  const revenue = useQuery({ ...revenueQuery(token, 'day'), enabled: canRevenue });
  const pending = useInfiniteQuery({ ...pendingPaymentsQuery(token), enabled: canPending });
  const log = useQuery({ ...integrityQuery(token, 'log'), enabled: canLog });
  const firstUsers = users.data?.pages[0];
  const waiting = pending.data?.pages.flatMap((page) => page.payments).length ?? 0;
  const moreWaiting = pending.data?.pages.at(-1)?.nextCursor ? '+' : '';
  const open = reports.data?.pages[0]?.open;

  return (
    <section className="overview" aria-labelledby="overview-title">
      <SectionTitle id="overview-title">Today</SectionTitle>
      <div className="overview__cards">
        {may('GET', '/api/admin/users') ? (
          <OverviewCard
            id="signups"
            label="Sign-ups today"
            value={users.isError ? '—' : signupsToday(firstUsers)}
            note={firstUsers ? `${firstUsers.total_users} members in all` : undefined}
            action="Find a member"
            onAction={() => onGo({ tab: 'users' })}
          />
        ) : null}
        {canRevenue ? (
          <OverviewCard
            id="purchases"
            label="Purchases today"
            value={revenue.isError ? '—' : revenue.data ? (grossToday(revenue.data) ?? 'None yet') : null}
            note={
              canPending && pending.data
                ? waiting === 0
                  ? 'No payment confirmation is waiting.'
                  : `${waiting}${moreWaiting} payment confirmation${waiting === 1 ? '' : 's'} waiting to be granted`
                : undefined
            }
            action="Payments"
            onAction={() => onGo({ tab: 'users' })}
          />
        ) : null}
        {may('GET', '/api/admin/reports') ? (
          <OverviewCard
            id="reports"
            label="Open reports"
            value={reports.isError ? '—' : open === undefined ? null : String(open)}
            note={open === 0 ? 'Every report has been decided.' : 'Stories waiting for a decision'}
            action="Open the queue"
            onAction={() => onGo({ tab: 'reports' })}
          />
        ) : null}
        {canLog ? (
          <OverviewCard
            id="log"
            label="Event log"
            value={log.isError ? '—' : log.data ? logState(log.data) : null}
            note={log.data ? logNote(log.data) : undefined}
            action="Log integrity"
            onAction={() => onGo({ tab: 'audit', section: 'integrity' })}
          />
        ) : null}
      </div>
    </section>
  );
}

function logState(check: IntegrityCheck): string {
  if (check.state === 'never') return 'Not verified yet';
  if (check.state === 'running') return 'Verifying…';
  if (check.state === 'failed' || !check.outcome) return 'Check failed';
  return check.outcome.ok ? 'Intact' : 'Altered';
}

function logNote(check: IntegrityCheck): string | undefined {
  if (check.state === 'never') return 'Verify it from the auditor’s console.';
  if (check.outcome && check.finished_at)
    return `${check.outcome.summary} (checked ${new Date(check.finished_at).toLocaleString()})`;
  return undefined;
}

function OverviewCard({
  id,
  label,
  value,
  note,
  action,
  onAction,
}: {
  id: string;
  label: string;
  /** null while it loads. */
  value: string | null;
  note?: ReactNode;
  action: string;
  onAction(): void;
}) {
  const labelId = `overview-${id}`;
  return (
    <article className={surfaceClass('overview__card')} aria-labelledby={labelId} data-testid={labelId}>
      <h3 id={labelId} className="overview__label">
        {label}
      </h3>
      {value === null ? (
        <Spinner label={`Loading ${label.toLowerCase()}…`} />
      ) : (
        // A figure is large; a state in words ("Not verified yet") a size down, on one line.
        <p className={/\d/.test(value) ? 'overview__value' : 'overview__value overview__value--words'}>
          {value}
        </p>
      )}
      {note ? <p className="overview__note text-meta">{note}</p> : null}
      <Button size="sm" variant="secondary" className="overview__action" onClick={onAction}>
        {action}
      </Button>
    </article>
  );
}
