import { mayReadPersonalData } from '@nocturne/domain';
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FilterForm } from '../audit/FilterForm';
import { Alert } from '../ui/Alert';
import { Checkbox, Field, SelectField } from '../ui/Field';
import { LoadMore } from '../ui/LoadMore';
import { SectionTitle } from '../ui/SectionTitle';
import { Spinner } from '../ui/Spinner';
import { surfaceClass } from '../ui/Surface';
import { AgeAssuranceChart } from './AgeAssuranceChart';
import { useAdminAccess } from './admin-access';
import type { AdminUsersPage, UserFilters } from './admin-api';
import { adminUserQuery, adminUsersQuery, monthlyStatsQuery } from './admin-queries';
import { GrowthChart } from './GrowthChart';
import { PaymentQueue } from './PaymentQueue';
import { PendingPayments } from './PendingPayments';
import { RevenueChart } from './RevenueChart';
import { UserPanel } from './UserPanel';
import { UsersTable } from './UsersTable';
import { useUserActions } from './use-user-actions';
import './UsersTab.css';

/** The filters in the URL (`?q=&state=&premium=&flagged=`), so a search can be shared and undone with Back. */
function filtersFrom(params: URLSearchParams): UserFilters {
  const filters: UserFilters = {};
  const q = params.get('q')?.trim();
  if (q) filters.q = q;
  const state = params.get('state');
  if (state === 'verified' || state === 'unverified') filters.state = state;
  const premium = params.get('premium');
  if (premium === 'premium' || premium === 'free') filters.premium = premium;
  if (params.get('flagged') === 'true') filters.flagged = 'true';
  return filters;
}

/**
 * The Users tab: statistics cards, the users a page at a time, narrowed on the server by part of
 * an address, state, premium and the chargeback flag, then the payments and the charts. A user
 * opens in a side panel beside the list (`?user=` with the account id keeps it, so a link opens
 * it and Back closes it).
 */
export function UsersTab({
  token,
  users: pages,
}: {
  token: string;
  users: UseInfiniteQueryResult<InfiniteData<AdminUsersPage>>;
}) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const filtered = Object.keys(filters).length > 0;
  const found = useInfiniteQuery({ ...adminUsersQuery(token, filters), enabled: filtered });
  const list = filtered ? found : pages;
  const apply = (next: UserFilters) => {
    const kept = new URLSearchParams(params);
    for (const key of ['q', 'state', 'premium', 'flagged'] as const) {
      const value = next[key];
      if (value) kept.set(key, value);
      else kept.delete(key);
    }
    kept.delete('user');
    setParams(kept);
  };
  const actions = useUserActions(token);
  const selectedId = params.get('user');
  const shown = list.data?.pages.flatMap((page) => page.users) ?? [];
  const listed = shown.find((user) => user.account_id === selectedId) ?? null;
  // A shared link's user may be on no page loaded yet: read by its id.
  const single = useQuery({ ...adminUserQuery(token, selectedId), enabled: selectedId !== null && !listed });
  const selected = listed ?? single.data ?? null;
  const select = (accountId: string | null) => {
    const next = new URLSearchParams(params);
    if (accountId) next.set('user', accountId);
    else next.delete('user');
    setParams(next);
  };
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
    <div className={`admin-users${selectedId ? ' admin-users--with-panel' : ''}`}>
      <div className="admin-cards">
        {cards.map((card) => (
          <div key={card.label} className={surfaceClass('admin-card')}>
            <span className="admin-card__label">{card.label}</span>
            <span className="admin-card__value">{card.value}</span>
          </div>
        ))}
      </div>
      <section aria-labelledby="users-title">
        <SectionTitle id="users-title">Users</SectionTitle>
        <UserFilterForm key={params.toString()} filters={filters} onApply={apply} />
        {list.isError ? (
          <Alert tone="error">The users could not be loaded.</Alert>
        ) : list.isPending ? (
          <Spinner label="Loading users…" block />
        ) : (
          <UsersTable
            users={shown}
            selected={selectedId}
            empty={filtered ? 'No users match these filters.' : 'No users found'}
            onOpen={(accountId) => select(accountId)}
            onAction={actions.ask}
          />
        )}
        <LoadMore pages={list} />
      </section>
      <PendingPayments token={token} />
      <PaymentQueue token={token} />
      <GrowthChart stats={stats.data ?? []} />
      <RevenueChart token={token} />
      <AgeAssuranceChart token={token} />
      <UserPanel
        token={token}
        open={selectedId !== null}
        user={selected}
        loading={!listed && single.isPending}
        failed={!listed && single.isError}
        onClose={() => select(null)}
        onAction={actions.ask}
      />
      {actions.dialog}
    </div>
  );
}

function UserFilterForm({ filters, onApply }: { filters: UserFilters; onApply(next: UserFilters): void }) {
  const [q, setQ] = useState(filters.q ?? '');
  const [state, setState] = useState(filters.state ?? '');
  const [premium, setPremium] = useState(filters.premium ?? '');
  const [flagged, setFlagged] = useState(filters.flagged === 'true');
  // A role that reads no addresses (the auditor) searches by account id: the server matches its
  // text against the ids, never the addresses.
  const byAddress = mayReadPersonalData(useAdminAccess().role);
  return (
    <FilterForm
      label="Find users"
      submitLabel="Search"
      onApply={() =>
        onApply({
          q: q.trim() || undefined,
          state: state === 'verified' || state === 'unverified' ? state : undefined,
          premium: premium === 'premium' || premium === 'free' ? premium : undefined,
          flagged: flagged ? 'true' : undefined,
        })
      }
    >
      <Field
        label={byAddress ? 'Address' : 'Account id'}
        type="search"
        placeholder={byAddress ? 'Part of an address' : 'Part of an account id'}
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      <SelectField label="State" value={state} onChange={(event) => setState(event.target.value)}>
        <option value="">Any</option>
        <option value="verified">Verified</option>
        <option value="unverified">Unverified</option>
      </SelectField>
      <SelectField label="Premium" value={premium} onChange={(event) => setPremium(event.target.value)}>
        <option value="">Any</option>
        <option value="premium">Premium</option>
        <option value="free">Free</option>
      </SelectField>
      <Checkbox checked={flagged} onChange={(event) => setFlagged(event.target.checked)}>
        Flagged only
      </Checkbox>
    </FilterForm>
  );
}
