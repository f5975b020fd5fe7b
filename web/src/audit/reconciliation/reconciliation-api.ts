import { answerOf, asAdmin, publicClient } from '../../api/typed-client';

/** GET /api/admin/audit/reconciliations: each night's reconciliation, newest first. */
export const fetchReconciliations = (token: string) =>
  answerOf(publicClient.GET('/api/admin/audit/reconciliations', { headers: asAdmin(token) }));

export type ReconciliationNights = Awaited<ReturnType<typeof fetchReconciliations>>;
