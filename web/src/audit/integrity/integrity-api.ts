import type { IntegrityCheckKind } from '@nocturne/domain';
import { answerOf, asAdmin, publicClient } from '../../api/typed-client';

/** GET /api/admin/integrity/{kind}: the last check of a kind, its progress and outcome. */
export const fetchIntegrityCheck = (token: string, kind: IntegrityCheckKind) =>
  answerOf(
    publicClient.GET('/api/admin/integrity/{kind}', { headers: asAdmin(token), params: { path: { kind } } }),
  );

/** POST /api/admin/integrity/{kind}: starts the check (or answers the one running). */
export const startIntegrityCheck = (token: string, kind: IntegrityCheckKind) =>
  answerOf(
    publicClient.POST('/api/admin/integrity/{kind}', { headers: asAdmin(token), params: { path: { kind } } }),
  );

export type IntegrityCheck = Awaited<ReturnType<typeof fetchIntegrityCheck>>;
