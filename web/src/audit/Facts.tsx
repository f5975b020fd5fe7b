import type { ReactNode } from 'react';
import './Facts.css';

export interface Fact {
  term: string;
  value: ReactNode;
  /** An id or a name: monospace. */
  mono?: boolean;
  /** A long value (an address) on a row of its own, so it breaks only where it must. */
  wide?: boolean;
  testId?: string;
}

/** Named values side by side (an account's ids, an event's metadata, a state as of an instant). */
export function Facts({ facts, label, className }: { facts: Fact[]; label?: string; className?: string }) {
  return (
    <dl className={className ? `audit-facts ${className}` : 'audit-facts'} aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.term} className={fact.wide ? 'audit-facts__wide' : undefined}>
          <dt>{fact.term}</dt>
          <dd className={fact.mono ? 'text-mono' : undefined} data-testid={fact.testId}>
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
