import type { ReactNode } from 'react';
import './ButtonGroup.css';

/**
 * A row of related actions: the one primary first, the others beside it, wrapping on a narrow
 * screen; `align="end"` for a form's or panel's closing row.
 */
export function ButtonGroup({
  label,
  align = 'start',
  children,
  className,
}: {
  /** What the actions are about, for screen readers ("Decide on this story"). */
  label: string;
  align?: 'start' | 'end';
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset
      className={['button-group', align === 'end' ? 'button-group--end' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <legend className="visually-hidden">{label}</legend>
      {children}
    </fieldset>
  );
}
