import type { AdminRole, StaffRoleName, Story, StoryRatingId, StoryStateId } from '@nocturne/domain';
import type { Answer } from '../api/answer';
import { ApiError, api, apiFetch } from '../api/client';
import { answerOf, asAdmin, publicClient } from '../api/typed-client';
import type { Labels } from '../labels/labels-picker';

export type AdminUsers = Answer<'/api/admin/users'>;
export type AdminUser = AdminUsers['users'][number];
export type MonthlyStat = Answer<'/api/admin/users/monthly-stats'>['monthly_stats'][number];
export type PendingPayment = Answer<'/api/admin/payments'>['payments'][number];

/** A form-encoded admin call carries the admin token in X-Admin-Code and no user session. */
const adminHeaders = (token: string) => ({ headers: asAdmin(token), token: null });

/** POST /api/admin/validate with the password: the owner's session, or null for a wrong password. */
export async function validateAdminPassword(
  password: string,
): Promise<{ token: string; role: AdminRole } | null> {
  try {
    const { ok, token, role } = await api<{ ok: boolean; token: string; role: AdminRole }>(
      '/api/admin/validate',
      {
        method: 'POST',
        headers: { 'X-Admin-Code': password },
        token: null,
      },
    );
    return ok ? { token, role } : null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 429)) return null;
    throw error;
  }
}

/** POST /api/admin/logout: the server revokes the admin session of this token at once. */
export const revokeAdminSession = async (token: string) =>
  (await publicClient.POST('/api/admin/logout', { headers: asAdmin(token) })).response;

/**
 * An admin list is answered a page at a time: X-Next-Cursor says where the next page starts
 * (none on the last), X-Total-Count how many there are in all where the list says so.
 */
export async function pageOf<Data>(
  call: Promise<{ data?: Data; error?: unknown; response: Response }>,
): Promise<{ data: Data; nextCursor: string | null; total: number | null }> {
  const { response } = await call;
  const data = await answerOf(call);
  const total = Number(response.headers.get('X-Total-Count') ?? Number.NaN);
  return {
    data,
    nextCursor: response.headers.get('X-Next-Cursor'),
    total: Number.isSafeInteger(total) ? total : null,
  };
}

export const cursorQuery = (cursor: string | null) => ({ query: cursor ? { cursor } : {} });

export type AdminUsersPage = AdminUsers & { nextCursor: string | null };

/** What narrows the users list: part of an address, verified or not, premium or free, flagged. */
export interface UserFilters {
  q?: string;
  state?: 'verified' | 'unverified';
  premium?: 'premium' | 'free';
  flagged?: 'true';
}

/** One page of the users (newest first, only those the filters keep) with the panel's totals. */
export async function fetchUsers(
  token: string,
  cursor: string | null = null,
  filters: UserFilters = {},
): Promise<AdminUsersPage> {
  const query = { ...filters, ...cursorQuery(cursor).query };
  const { data, nextCursor } = await pageOf(
    publicClient.GET('/api/admin/users', { headers: asAdmin(token), params: { query } }),
  );
  return { ...data, nextCursor };
}

/** One user by account id (a shared link's `?user=`), or null when no account has it. */
export async function fetchUser(token: string, account: string): Promise<AdminUser | null> {
  const answer = await answerOf(
    publicClient.GET('/api/admin/users', { headers: asAdmin(token), params: { query: { account } } }),
  );
  return answer.users[0] ?? null;
}

export const fetchMonthlyStats = async (token: string): Promise<MonthlyStat[]> =>
  (await answerOf(publicClient.GET('/api/admin/users/monthly-stats', { headers: asAdmin(token) })))
    .monthly_stats;

export interface PendingPaymentsPage {
  payments: PendingPayment[];
  nextCursor: string | null;
}

/** One page of the pending payments, oldest first. */
export async function fetchPendingPayments(
  token: string,
  cursor: string | null = null,
): Promise<PendingPaymentsPage> {
  const { data, nextCursor } = await pageOf(
    publicClient.GET('/api/admin/payments', { headers: asAdmin(token), params: cursorQuery(cursor) }),
  );
  return { payments: data.payments, nextCursor };
}

export type RevenueRow = Answer<'/api/admin/revenue'>['revenue'][number];

/** Revenue per day (the last 90) or month, oldest first. */
export async function fetchRevenue(token: string, period: 'day' | 'month'): Promise<RevenueRow[]> {
  const answer = await answerOf(
    publicClient.GET('/api/admin/revenue', { headers: asAdmin(token), params: { query: { period } } }),
  );
  return answer.revenue;
}

export type AgeAssuranceStats = Answer<'/api/admin/age-assurances'>;

/** Members' age assurances per day and method over the last 30 days, and per provider. */
export const fetchAgeAssuranceStats = async (token: string): Promise<AgeAssuranceStats> =>
  answerOf(publicClient.GET('/api/admin/age-assurances', { headers: asAdmin(token) }));

export type QueuedNotice = Answer<'/api/admin/payments/queue'>['notices'][number];

/** One page of the processor notices that wait for the staff, newest first. */
export async function fetchPaymentQueue(
  token: string,
  cursor: string | null = null,
): Promise<{ notices: QueuedNotice[]; nextCursor: string | null }> {
  const { data, nextCursor } = await pageOf(
    publicClient.GET('/api/admin/payments/queue', { headers: asAdmin(token), params: cursorQuery(cursor) }),
  );
  return { notices: data.notices, nextCursor };
}

export interface AdminStoriesPage {
  stories: Story[];
  nextCursor: string | null;
  /** How many stories there are in all. */
  total: number;
}

/** What narrows the admin's story list on the server: a creator's handle, a rating, the hidden ones. */
export interface StoryFilters {
  creator?: string;
  rating?: StoryRatingId;
  /** Without it, the published stories (what readers see). */
  state?: StoryStateId;
}

/** One page of the stories as the admin sees them, newest first, only those the filters keep. */
export async function fetchAdminStories(
  token: string,
  cursor: string | null = null,
  filters: StoryFilters = {},
): Promise<AdminStoriesPage> {
  const query = { ...filters, ...cursorQuery(cursor).query };
  const { data, nextCursor, total } = await pageOf(
    publicClient.GET('/api/stories', { headers: asAdmin(token), params: { query } }),
  );
  return { stories: data, nextCursor, total: total ?? data.length };
}

/** One story as the admin sees it (a shared link's `?story=` not on a page loaded yet). */
export const fetchAdminStory = (token: string, id: string): Promise<Story> =>
  answerOf(publicClient.GET('/api/stories/{id}', { params: { path: { id } }, headers: asAdmin(token) }));

const userPath = (email: string) => `/api/admin/users/${encodeURIComponent(email)}`;

/**
 * The row actions answer with the raw Response, so the panel can tell a refusal ("Failed to ...")
 * from a network error ("Error ..."). A network error throws.
 */
export const setPremium = (token: string, email: string, premiumMember: boolean) =>
  apiFetch(`${userPath(email)}/subscription`, {
    method: 'PUT',
    body: new URLSearchParams({ is_subscribed: String(premiumMember) }),
    ...adminHeaders(token),
  });

export const resendVerification = async (token: string, email: string) =>
  (
    await publicClient.POST('/api/admin/users/{email}/resend-verification', {
      params: { path: { email } },
      headers: asAdmin(token),
    })
  ).response;

export const deleteUser = async (token: string, email: string) =>
  (
    await publicClient.DELETE('/api/admin/users/{email}', {
      params: { path: { email } },
      headers: asAdmin(token),
    })
  ).response;

export const deleteStory = async (token: string, id: string) =>
  (await publicClient.DELETE('/api/stories/{id}', { params: { path: { id } }, headers: asAdmin(token) }))
    .response;

/** The `message` or `detail` of an answer, if it has one. */
export async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown; detail?: unknown };
    if (typeof body.message === 'string') return body.message;
    if (typeof body.detail === 'string') return body.detail;
  } catch {}
  return undefined;
}

/** POST /api/admin/tags: a tag joins the curated list (409 when it is there already). */
export const addTag = (token: string, tag: string) =>
  answerOf(publicClient.POST('/api/admin/tags', { body: { tag }, headers: asAdmin(token) }));

/** DELETE /api/admin/tags/{tag}: the tag leaves the list; stories that carry it keep it. */
export const removeTag = (token: string, tag: string) =>
  answerOf(
    publicClient.DELETE('/api/admin/tags/{tag}', { params: { path: { tag } }, headers: asAdmin(token) }),
  );

/** PUT /api/admin/stories/{id}/labels: the story's tags and warnings replaced (StoryLabelsChanged). */
export const changeStoryLabels = (token: string, id: string, labels: Labels): Promise<Labels> =>
  answerOf(
    publicClient.PUT('/api/admin/stories/{id}/labels', {
      params: { path: { id } },
      body: labels,
      headers: asAdmin(token),
    }),
  );

export type StaffMember = Answer<'/api/admin/staff'>['staff'][number];

/** GET /api/admin/staff (owner): a page of the staff members, removed ones last. */
export interface StaffPage {
  staff: StaffMember[];
  /** Members not removed, in all. */
  current: number;
  nextCursor: string | null;
}

/** One page of the staff: current members first, newest invitation first. */
export async function fetchStaff(token: string, cursor: string | null = null): Promise<StaffPage> {
  const { data, nextCursor } = await pageOf(
    publicClient.GET('/api/admin/staff', { headers: asAdmin(token), params: cursorQuery(cursor) }),
  );
  return { staff: data.staff, current: data.current, nextCursor };
}

/** POST /api/admin/staff: the invitation link is mailed to the address. */
export const inviteStaff = (token: string, email: string, role: StaffRoleName) =>
  api<{ staff_id: string }>('/api/admin/staff', {
    method: 'POST',
    body: { email, role },
    ...adminHeaders(token),
  });

export const changeStaffRole = (token: string, staffId: string, role: StaffRoleName) =>
  api<{ role: StaffRoleName }>(`/api/admin/staff/${staffId}/role`, {
    method: 'PUT',
    body: { role },
    ...adminHeaders(token),
  });

export const removeStaff = (token: string, staffId: string) =>
  api<{ message: string }>(`/api/admin/staff/${staffId}`, { method: 'DELETE', ...adminHeaders(token) });

/** POST /api/admin/staff/{id}/second-factor/reset: the member's sessions end; a link to enrol again is mailed. */
export const resetStaffSecondFactor = (token: string, staffId: string) =>
  api<{ staff_id: string }>(`/api/admin/staff/${staffId}/second-factor/reset`, {
    method: 'POST',
    ...adminHeaders(token),
  });

/** POST /api/admin/staff/second-factor/reset: every member's second factor at once. */
export const resetEveryStaffSecondFactor = (token: string) =>
  api<{ reset: number }>('/api/admin/staff/second-factor/reset', { method: 'POST', ...adminHeaders(token) });

/** POST /api/staff/login: e-mail, password and a TOTP or recovery code open a staff session. */
export const staffLogin = (email: string, password: string, code: string) =>
  api<{ token: string; role: AdminRole }>('/api/staff/login', {
    method: 'POST',
    body: { email, password, code },
    token: null,
  });

export const openInvitation = (token: string) =>
  api<Answer<'/api/staff/invitation', 'post'>>('/api/staff/invitation', {
    method: 'POST',
    body: { token },
    token: null,
  });

export const setInvitationPassword = (token: string, password: string) =>
  api<{ message: string }>('/api/staff/invitation/password', {
    method: 'POST',
    body: { token, password },
    token: null,
  });

export const enrolSecondFactor = (token: string, code: string) =>
  api<{ recovery_codes: string[] }>('/api/staff/invitation/second-factor', {
    method: 'POST',
    body: { token, code },
    token: null,
  });
