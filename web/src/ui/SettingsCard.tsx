import { type ReactNode, useId } from 'react';
import { surfaceClass } from './Surface';
import './SettingsCard.css';

/** One card of the member's settings on the profile: a heading that names the section, then its controls. */
export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={surfaceClass('settings-card')} aria-labelledby={titleId}>
      <h2 id={titleId} className="settings-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
