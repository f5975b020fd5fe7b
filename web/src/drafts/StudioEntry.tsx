import type { ReactNode } from 'react';
import { Badge } from '../ui/Badge';
import './StudioEntry.css';

/** The heading of a studio entry, a draft or a published story: its title, then its Premium badge. */
export function StudioEntryTitle({ isPremium, children }: { isPremium: boolean; children: ReactNode }) {
  return (
    <h3 className="studio-entry__title">
      {children}
      {isPremium ? <Badge premium>Premium</Badge> : null}
    </h3>
  );
}

/** The row of buttons of a studio entry. */
export function StudioEntryActions({ children }: { children: ReactNode }) {
  return <div className="studio-entry__actions">{children}</div>;
}
