import type { ReactNode } from 'react';
import './EmptyNote.css';

/** What a list shows instead of its rows: a sentence, or a block of them with an action (`as="div"`). */
export function EmptyNote({ as: Tag = 'p', children }: { as?: 'p' | 'div'; children: ReactNode }) {
  return <Tag className="empty-note">{children}</Tag>;
}
