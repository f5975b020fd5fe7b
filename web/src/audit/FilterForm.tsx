import type { FormEvent, ReactNode } from 'react';
import { Button, type ButtonSize } from '../ui/Button';
import { surfaceClass } from '../ui/Surface';
import './FilterForm.css';

/** A `datetime-local` value (the browser's time zone) as an ISO instant; null when empty. */
export const instantOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

/**
 * The fields that choose what an audit view shows, and its button: in a row over the view, or
 * `stacked` in a card of a side column.
 */
export function FilterForm({
  label,
  stacked,
  submitLabel,
  submitSize,
  canSubmit = true,
  onApply,
  children,
}: {
  label?: string;
  stacked?: boolean;
  submitLabel: string;
  submitSize?: ButtonSize;
  canSubmit?: boolean;
  onApply(): void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form
      className={stacked ? surfaceClass('audit-form audit-form--stacked') : 'audit-form'}
      onSubmit={submit}
      aria-label={label}
    >
      {children}
      <Button type="submit" variant="primary" size={submitSize} disabled={!canSubmit}>
        {submitLabel}
      </Button>
    </form>
  );
}
