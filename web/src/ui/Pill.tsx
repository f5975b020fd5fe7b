import type { ReactNode } from 'react';
import './Pill.css';

export type PillTone = 'plain' | 'ok' | 'warn' | 'premium';

/** A record's state in a small rounded label: `<Pill tone="ok">Verified</Pill>`. */
export function Pill({ tone = 'plain', children }: { tone?: PillTone; children: ReactNode }) {
  return <span className={tone === 'plain' ? 'pill' : `pill pill--${tone}`}>{children}</span>;
}
