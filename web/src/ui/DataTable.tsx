import type { ReactNode } from 'react';
import './DataTable.css';

/**
 * A table of records (its `<thead>` and `<tbody>` as children) in a wrapper that scrolls sideways,
 * so a wide table never widens the page. With `stack`, a phone shows each row as a card instead,
 * every cell under the name in its `data-label`. Cells may use `.data-table__email` (whole on a
 * wide screen, wrapped only where a card is too narrow) and `.data-table__actions` (a row of
 * buttons); `footer` (a "Load More") scrolls with the table.
 */
export function DataTable({
  children,
  footer,
  stack = false,
  label,
}: {
  children: ReactNode;
  footer?: ReactNode;
  stack?: boolean;
  label?: string;
}) {
  return (
    <div className="data-table-wrap">
      <table className={stack ? 'data-table data-table--stack' : 'data-table'} aria-label={label}>
        {children}
      </table>
      {footer}
    </div>
  );
}
