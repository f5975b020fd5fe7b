import { type InfiniteData, type UseInfiniteQueryResult, useQuery } from '@tanstack/react-query';
import { LoadMore } from '../ui/LoadMore';
import { SectionTitle } from '../ui/SectionTitle';
import { surfaceClass } from '../ui/Surface';
import type { AdminUsersPage } from './admin-api';
import { monthlyStatsQuery } from './admin-queries';
import { GrowthChart } from './GrowthChart';
import { PaymentQueue } from './PaymentQueue';
import { PendingPayments } from './PendingPayments';
import { RevenueChart } from './RevenueChart';
import { UsersTable } from './UsersTable';
import './UsersTab.css';

/** The Users tab: statistics cards, Monthly Growth, pending payments, the table a page at a time. */
export function UsersTab({
  token,
  users: pages,
}: {
  token: string;
  users: UseInfiniteQueryResult<InfiniteData<AdminUsersPage>>;
}) {
  // The totals come with every page; the first page's are those shown.
  const users = pages.data?.pages[0];
  const stats = useQuery(monthlyStatsQuery(token));
  if (stats.isError) console.error('Failed to load monthly stats', stats.error); // logged only, never shown: the panel goes on without it
  const cards = [
    { label: 'Total Users', value: users?.total_users ?? 0 },
    { label: 'Verified Users', value: users?.verified_users ?? 0 },
    { label: 'Premium Users', value: users?.subscribed_users ?? 0 },
  ];
  return (
    <div className="admin-users">
      <div className="admin-cards">
        {cards.map((card) => (
          <div key={card.label} className={surfaceClass('admin-card')}>
            <span className="admin-card__label">{card.label}</span>
            <span className="admin-card__value">{card.value}</span>
          </div>
        ))}
      </div>
      <GrowthChart stats={stats.data ?? []} />
      <RevenueChart token={token} />
      <PendingPayments token={token} />
      <PaymentQueue token={token} />
      <section aria-labelledby="users-title">
        <SectionTitle id="users-title">Users</SectionTitle>
        <UsersTable token={token} users={pages.data?.pages.flatMap((page) => page.users) ?? []} />
        <LoadMore pages={pages} />
      </section>
    </div>
  );
}
