import type { ReactNode } from 'react';
import './IdButton.css';

/** An id or a stream name that opens what it names: monospace, underlined, a 44 px hit area. */
export function IdButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className="audit-link text-mono" onClick={onClick}>
      {children}
    </button>
  );
}
