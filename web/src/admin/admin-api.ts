import type { AdminRole, StaffRoleName, Story } from '@nocturne/domain';
import { ApiError, api, apiFetch } from '../api/client';
import type { Labels } from '../labels/labels-picker';

export interface AdminUser {
  email: string;
  verified: boolean;
  is_subscribed: boolean;
  created_at: string;
  last_login: string | null;
  premium_stories_remaining: number;
}

export interface AdminUsers {
  users: AdminUser[];
  total_users: number;
  verified_users: number;
  subscribed_users: number;
}

export interface MonthlyStat {
  month: string;
  registrations: number;
  verified: number;
  premium: number;
}

export interface PendingPayment {
  id: string;
  email: string;
  amount: number;
  transaction_id: string | null;
  payment_method: string;
  submitted_at: string;
  is_subscribed: boolean;
  premium_stories_remaining: number;
}

/** Every admin call carries the admin token in X-Admin-Code and no user session. */
const adminHeaders = (token: string) => ({ headers: { 'X-Admin-Code': token }, token: null });

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
export const revokeAdminSession = (token: string) =>
  apiFetch('/api/admin/logout', { method: 'POST', ...adminHeaders(token) });

export const fetchUsers = (token: string) => api<AdminUsers>('/api/admin/users', adminHeaders(token));

export const fetchMonthlyStats = async (token: string) =>
  (await api<{ monthly_stats: MonthlyStat[] }>('/api/admin/users/monthly-stats', adminHeaders(token)))
    .monthly_stats;

export const fetchPendingPayments = async (token: string) =>
  (await api<{ payments: PendingPayment[] }>('/api/admin/payments', adminHeaders(token))).payments;

export async function fetchAdminStories(token: string): Promise<Story[]> {
  const data = await api<unknown>('/api/stories', adminHeaders(token));
  if (!Array.isArray(data)) throw new Error('The story list is not an array');
  return data as Story[];
}

const userPath = (email: string) => `/api/admin/users/${encodeURIComponent(email)}`;

/**
 * The row actions answer with the raw Response, so the panel can tell a refusal ("Failed to ...")
 * from a network error ("Error ..."). A network error throws.
 */
export const setSubscription = (token: string, email: string, subscribed: boolean) =>
  apiFetch(`${userPath(email)}/subscription`, {
    method: 'PUT',
    body: new URLSearchParams({ is_subscribed: String(subscribed) }),
    ...adminHeaders(token),
  });

export const resendVerification = (token: string, email: string) =>
  apiFetch(`${userPath(email)}/resend-verification`, { method: 'POST', ...adminHeaders(token) });

export const deleteUser = (token: string, email: string) =>
  apiFetch(userPath(email), { method: 'DELETE', ...adminHeaders(token) });

export const deleteStory = (token: string, id: string) =>
  apiFetch(`/api/stories/${encodeURIComponent(id)}`, { method: 'DELETE', ...adminHeaders(token) });

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
  api<{ tag: string }>('/api/admin/tags', { method: 'POST', body: { tag }, ...adminHeaders(token) });

/** DELETE /api/admin/tags/{tag}: the tag leaves the list; stories that carry it keep it. */
export const removeTag = (token: string, tag: string) =>
  api<{ tag: string }>(`/api/admin/tags/${encodeURIComponent(tag)}`, {
    method: 'DELETE',
    ...adminHeaders(token),
  });

/** PUT /api/admin/stories/{id}/labels: the story's tags and warnings replaced (StoryLabelsChanged). */
export const changeStoryLabels = (token: string, id: string, labels: Labels) =>
  api<Labels>(`/api/admin/stories/${encodeURIComponent(id)}/labels`, {
    method: 'PUT',
    body: labels,
    ...adminHeaders(token),
  });

export interface StaffMember {
  staff_id: string;
  email: string | null;
  role: StaffRoleName;
  status: 'invited' | 'active' | 'removed';
  password_set: boolean;
  second_factor: 'pending' | 'enrolled';
  recovery_codes_left: number;
  invited_at: string;
  last_login_at: string | null;
}

/** GET /api/admin/staff (owner): every staff member, removed ones last. */
export const fetchStaff = async (token: string) =>
  (await api<{ staff: StaffMember[] }>('/api/admin/staff', adminHeaders(token))).staff;

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

/** POST /api/staff/login: e-mail, password and a TOTP or recovery code open a staff session. */
export const staffLogin = (email: string, password: string, code: string) =>
  api<{ token: string; role: AdminRole }>('/api/staff/login', {
    method: 'POST',
    body: { email, password, code },
    token: null,
  });

export interface StaffInvitation {
  email: string;
  role: StaffRoleName;
  password_set: boolean;
  totp_secret: string;
  totp_uri: string;
}

export const openInvitation = (token: string) =>
  api<StaffInvitation>('/api/staff/invitation', { method: 'POST', body: { token }, token: null });

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
