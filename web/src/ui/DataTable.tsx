import type { ReactNode } from 'react';
import './DataTable.css';

/**
 * A table of records (its `<thead>` and `<tbody>` as children) in a wrapper that scrolls sideways,
 * so a wide table never widens the page. Cells may use `.data-table__email` (breaks anywhere) and
 * `.data-table__actions` (a row of buttons); `footer` (a "Load More") scrolls with the table.
 */
export function DataTable({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="data-table-wrap">
      <table className="data-table">{children}</table>
      {footer}
    </div>
  );
}
