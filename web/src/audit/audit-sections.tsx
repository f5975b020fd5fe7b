import type { ReactNode } from 'react';
import { EventBrowser } from './browser/EventBrowser';
import { IntegrityPanel } from './integrity/IntegrityPanel';
import { ReconciliationPanel } from './reconciliation/ReconciliationPanel';
import { AccountTimeline } from './timeline/AccountTimeline';

/**
 * The sections of the auditor's console, in tab order: each names the route that decides
 * whether the role sees it (the permission table). A new section of the console adds one entry.
 */
export interface AuditSection {
  id: string;
  label: string;
  /** The route it reads: shown only to the roles the permission table lets call it. */
  route: readonly [method: string, path: string];
  render(token: string): ReactNode;
}

export const auditSections: readonly AuditSection[] = [
  {
    id: 'timeline',
    label: 'Account timeline',
    route: ['GET', '/api/admin/audit/timeline'],
    render: (token) => <AccountTimeline token={token} />,
  },
  {
    id: 'events',
    label: 'Event browser',
    route: ['GET', '/api/admin/audit/events'],
    render: (token) => <EventBrowser token={token} />,
  },
  {
    id: 'integrity',
    label: 'Log integrity',
    route: ['GET', '/api/admin/integrity/:kind'],
    render: (token) => <IntegrityPanel token={token} />,
  },
  {
    id: 'reconciliation',
    label: 'Reconciliation',
    route: ['GET', '/api/admin/audit/reconciliations'],
    render: (token) => <ReconciliationPanel token={token} />,
  },
];
