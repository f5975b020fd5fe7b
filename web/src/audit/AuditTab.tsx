import { useState } from 'react';
import { useAdminAccess } from '../admin/admin-access';
import { auditSections } from './audit-sections';
import './audit.css';

/** The auditor's console: one tab per section the role may read (audit-sections.tsx). */
export function AuditTab({ token }: { token: string }) {
  const { may } = useAdminAccess();
  const sections = auditSections.filter((section) => may(...section.route));
  const [chosen, setChosen] = useState<string | null>(null);
  const current = sections.find((s) => s.id === chosen) ?? sections[0];
  if (!current) return <p className="admin-empty">Your role has nothing to show here yet.</p>;
  return (
    <div className="audit">
      <div className="audit-tabs" role="tablist" aria-label="Audit sections">
        {sections.map((section) => (
          <button
            key={section.id}
            type="button"
            role="tab"
            id={`audit-tab-${section.id}`}
            aria-selected={current.id === section.id}
            aria-controls={`audit-panel-${section.id}`}
            className={`admin-tab ${current.id === section.id ? 'admin-tab--active' : ''}`}
            onClick={() => setChosen(section.id)}
          >
            {section.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`audit-panel-${current.id}`} aria-labelledby={`audit-tab-${current.id}`}>
        {current.render(token)}
      </div>
    </div>
  );
}
