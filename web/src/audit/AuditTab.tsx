import { useSearchParams } from 'react-router-dom';
import { useAdminAccess } from '../admin/admin-access';
import { EmptyNote } from '../ui/EmptyNote';
import { TabPanel, Tabs } from '../ui/Tabs';
import { auditSections } from './audit-sections';
import './AuditTab.css';

/**
 * The auditor's console: one tab per section the role may read (audit-sections.tsx); the chosen
 * one in the URL (`?section=`), so the overview's "Log integrity" opens it.
 */
export function AuditTab({ token }: { token: string }) {
  const { may } = useAdminAccess();
  const sections = auditSections.filter((section) => may(...section.route));
  const [params, setParams] = useSearchParams();
  const chosen = params.get('section');
  const setChosen = (section: string) => {
    const next = new URLSearchParams(params);
    next.set('section', section);
    setParams(next, { replace: true });
  };
  const current = sections.find((s) => s.id === chosen) ?? sections[0];
  if (!current) return <EmptyNote>Your role has nothing to show here yet.</EmptyNote>;
  return (
    <div className="audit">
      <Tabs
        label="Audit sections"
        idPrefix="audit"
        tabs={sections}
        current={current.id}
        onChoose={setChosen}
        className="audit-tabs"
      />
      <TabPanel idPrefix="audit" id={current.id}>
        {current.render(token)}
      </TabPanel>
    </div>
  );
}
