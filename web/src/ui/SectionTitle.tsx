import type { ReactNode } from 'react';
import './SectionTitle.css';

/** The heading of one section of a console page (a tab's part: "Invite a staff member"). */
export function SectionTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="section-title">
      {children}
    </h2>
  );
}

/** The heading of a part of a section (`as="h4"` one level further down); `mono` for an id. */
export function SectionSubtitle({
  id,
  as: Tag = 'h3',
  mono,
  children,
}: {
  id?: string;
  as?: 'h3' | 'h4';
  mono?: boolean;
  children: ReactNode;
}) {
  return (
    <Tag id={id} className={mono ? 'section-subtitle section-subtitle--mono' : 'section-subtitle'}>
      {children}
    </Tag>
  );
}
