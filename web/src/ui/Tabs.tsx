import type { ReactNode } from 'react';
import './Tabs.css';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * A tablist: one button per tab, the chosen one pressed and underlined. Ids come from `idPrefix`
 * (`{idPrefix}-tab-{id}`), so the `TabPanel` with the same prefix is labelled by its tab.
 */
export function Tabs<T extends string>({
  label,
  idPrefix,
  tabs,
  current,
  onChoose,
  className,
}: {
  label: string;
  idPrefix: string;
  tabs: TabItem<T>[];
  current: T | undefined;
  onChoose(id: NoInfer<T>): void;
  className?: string;
}) {
  return (
    <div className={className ? `tabs ${className}` : 'tabs'} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.id}`}
          aria-selected={current === tab.id}
          aria-controls={`${idPrefix}-panel-${tab.id}`}
          className={current === tab.id ? 'tab tab--active' : 'tab'}
          onClick={() => onChoose(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The panel of the chosen tab of the `Tabs` with the same `idPrefix`. */
export function TabPanel({ idPrefix, id, children }: { idPrefix: string; id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${id}`} aria-labelledby={`${idPrefix}-tab-${id}`}>
      {children}
    </div>
  );
}
