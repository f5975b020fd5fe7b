import { infiniteQueryOptions, type QueryKey, queryOptions } from '@tanstack/react-query';
import { searchStories } from '../search/search-api';
import {
  fetchAdminStories,
  fetchAdminStory,
  fetchAgeAssuranceStats,
  fetchMonthlyStats,
  fetchPaymentQueue,
  fetchPendingPayments,
  fetchRevenue,
  fetchStaff,
  fetchUser,
  fetchUsers,
  openInvitation,
  type StoryFilters,
  type UserFilters,
} from './admin-api';
import { fetchModerationHistory, fetchModerationQueue, type QueueFilters } from './moderation-api';

/**
 * The admin panel's keys: all under `all()`, which the admin's logout drops and a decision, a
 * grant or a publish refreshes. An opened staff invitation is not under it (no session yet).
 */
export const adminKeys = {
  all: () => ['admin'] as const,
  users: (token: string) => [...adminKeys.all(), 'users', { token }] as const,
  stories: (token: string) => [...adminKeys.all(), 'stories', { token }] as const,
  /** The admin's search: under stories, so a publish or a delete refreshes it. */
  storySearch: (token: string, words: string) => [...adminKeys.stories(token), 'search', words] as const,
  payments: (token: string) => [...adminKeys.all(), 'payments', { token }] as const,
  paymentQueue: (token: string) => [...adminKeys.all(), 'payment-queue', { token }] as const,
  revenue: (token: string, period: 'day' | 'month') =>
    [...adminKeys.all(), 'revenue', { token, period }] as const,
  ageAssurances: (token: string) => [...adminKeys.all(), 'age-assurances', { token }] as const,
  /** The moderation queue; a decision refreshes it and its stories' histories. */
  reports: (token: string) => [...adminKeys.all(), 'reports', { token }] as const,
  reportHistory: (token: string, storyId: string) =>
    [...adminKeys.reports(token), 'history', storyId] as const,
  monthlyStats: (token: string) => [...adminKeys.all(), 'monthly-stats', { token }] as const,
  staff: (token: string) => [...adminKeys.all(), 'staff', { token }] as const,
  staffInvitation: (token: string) => ['staff-invitation', { token }] as const,
};

/**
 * An admin list a page at a time (the server answers at most a page, X-Next-Cursor says where
 * the next starts): the first page, then one more per fetchNextPage ("Load More").
 */
const adminPagesQuery = <Page extends { nextCursor: string | null }, Key extends QueryKey>(
  queryKey: Key,
  fetchPage: (cursor: string | null) => Promise<Page>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page) => last.nextCursor,
  });

/** The users a page at a time; filtered lists sit under the whole list's key, so a grant refreshes them all. */
export const adminUsersQuery = (token: string, filters: UserFilters = {}) =>
  adminPagesQuery(
    Object.keys(filters).length === 0 ? adminKeys.users(token) : [...adminKeys.users(token), filters],
    (cursor) => fetchUsers(token, cursor, filters),
  );

/** One user by account id, under the users' key: an action on them refreshes it with the list. */
export const adminUserQuery = (token: string, account: string | null) =>
  queryOptions({
    queryKey: [...adminKeys.users(token), 'account', account] as const,
    queryFn: () => fetchUser(token, account!),
    enabled: account !== null,
  });

/** The stories a page at a time; filtered lists sit under the whole list's key, so a delete refreshes them all. */
export const adminStoriesQuery = (token: string, filters: StoryFilters = {}) =>
  adminPagesQuery(
    Object.keys(filters).length === 0 ? adminKeys.stories(token) : [...adminKeys.stories(token), filters],
    (cursor) => fetchAdminStories(token, cursor, filters),
  );

/** One story by id, under the stories' key. */
export const adminStoryQuery = (token: string, id: string | null) =>
  queryOptions({
    queryKey: [...adminKeys.stories(token), 'story', id] as const,
    queryFn: () => fetchAdminStory(token, id!),
    enabled: id !== null,
    retry: false,
  });

export const pendingPaymentsQuery = (token: string) =>
  adminPagesQuery(adminKeys.payments(token), (cursor) => fetchPendingPayments(token, cursor));

/** Gross, refunds, chargebacks and net per day or month. */
export const revenueQuery = (token: string, period: 'day' | 'month') =>
  queryOptions({ queryKey: adminKeys.revenue(token, period), queryFn: () => fetchRevenue(token, period) });

/** Members' age assurances per day, method and provider. */
export const ageAssuranceStatsQuery = (token: string) =>
  queryOptions({ queryKey: adminKeys.ageAssurances(token), queryFn: () => fetchAgeAssuranceStats(token) });

/** The processor notices that granted nothing, for the staff to look at. */
export const paymentQueueQuery = (token: string) =>
  adminPagesQuery(adminKeys.paymentQueue(token), (cursor) => fetchPaymentQueue(token, cursor));

/** The admin's search over the stories' texts and tags (X-Admin-Code, no session). */
export const adminStorySearchQuery = (token: string, words: string) =>
  queryOptions({
    queryKey: adminKeys.storySearch(token, words),
    queryFn: ({ signal }) => searchStories({ kind: 'admin', token }, words, signal),
  });

/** The Reports tab: the queue, then the hidden stories. */
export const moderationQueueQuery = (token: string, filters: QueueFilters = {}) =>
  adminPagesQuery(
    Object.keys(filters).length === 0 ? adminKeys.reports(token) : [...adminKeys.reports(token), filters],
    (cursor) => fetchModerationQueue(token, cursor, filters),
  );

/** A story's decisions so far, with who decided and why. */
export const moderationHistoryQuery = (token: string, storyId: string) =>
  queryOptions({
    queryKey: adminKeys.reportHistory(token, storyId),
    queryFn: () => fetchModerationHistory(token, storyId),
  });

export const monthlyStatsQuery = (token: string) =>
  queryOptions({ queryKey: adminKeys.monthlyStats(token), queryFn: () => fetchMonthlyStats(token) });

export const staffQuery = (token: string) =>
  adminPagesQuery(adminKeys.staff(token), (cursor) => fetchStaff(token, cursor));

/** An opened staff invitation (its address, role and TOTP secret), opened once. */
export const staffInvitationQuery = (token: string) =>
  queryOptions({
    queryKey: adminKeys.staffInvitation(token),
    queryFn: () => openInvitation(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
