import { ApiError, api } from '../api/client';

export type AgeMethod = 'wallet' | 'hosted';

export interface AgeMethods {
  required: boolean;
  methods: { method: AgeMethod; label: string }[];
}

export interface StartedCheck {
  check: string;
  secret: string;
  /** The wallet's or provider's page, absolute. */
  redirect: string;
}

export interface CheckResult {
  status: 'pending' | 'assured' | 'refused';
  token?: string;
  expiresAt?: string;
  detail?: string;
}

export const ageAssuranceKeys = { methods: () => ['age-assurance', 'methods'] as const };

/** GET /api/age-assurance/methods: whether this viewer must be assured, and how they may be. */
export const loadAgeMethods = (signal?: AbortSignal) =>
  api<AgeMethods>('/api/age-assurance/methods', { signal });

/** POST /api/age-assurance/checks: a check of this method; the story asked for is never sent. */
export const startAgeCheck = (method: AgeMethod) =>
  api<StartedCheck>('/api/age-assurance/checks', { method: 'POST', body: { method } });

/** POST /api/age-assurance/checks/{id}/result, proving the check is this browser's by its secret. */
export const ageCheckResult = (check: string, secret: string) =>
  api<CheckResult>(`/api/age-assurance/checks/${encodeURIComponent(check)}/result`, {
    method: 'POST',
    headers: { 'X-Age-Check-Secret': secret },
  });

export { ApiError };
