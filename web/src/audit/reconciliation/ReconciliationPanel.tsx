import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../ui/DataTable';
import { EmptyNote } from '../../ui/EmptyNote';
import { SectionTitle } from '../../ui/SectionTitle';
import { fetchReconciliations, type ReconciliationNights } from './reconciliation-api';

type Night = ReconciliationNights['nights'][number];
type Side = Night['differences'][number]['here'];

const issues = {
  missing_here: 'Paid at the processor, not here',
  missing_there: 'Here, not at the processor',
  amount_differs: 'Amounts differ',
} as const;

/** The table's columns; on a phone each row is a card, every cell under its column's name. */
const columns = {
  transaction: 'Transaction',
  kind: 'Kind',
  issue: 'Difference',
  here: 'Here',
  there: 'At the processor',
  purchase: "Purchase (its account's timeline)",
} as const;

const money = (side: Side) => (side ? `${side.amount.toFixed(2)} ${side.currency}` : '—');

/** Reconciliation: each night's comparison of the processor's report with the log, every difference with both sides. */
export function ReconciliationPanel({ token }: { token: string }) {
  const nights = useQuery({
    queryKey: ['audit', 'reconciliations'],
    queryFn: () => fetchReconciliations(token),
  });
  return (
    <section className="reconciliation" aria-labelledby="reconciliation-title">
      <SectionTitle id="reconciliation-title">Reconciliation</SectionTitle>
      {nights.isPending ? (
        <p>Loading…</p>
      ) : nights.isError ? (
        <p role="alert">The reconciliations could not be loaded.</p>
      ) : nights.data.nights.length === 0 ? (
        <EmptyNote>No night has been reconciled yet.</EmptyNote>
      ) : (
        nights.data.nights.map((night) => (
          <NightResult key={`${night.provider} ${night.day}`} night={night} />
        ))
      )}
    </section>
  );
}

function NightResult({ night }: { night: Night }) {
  const count = (issue: keyof typeof issues) => night.differences.filter((d) => d.issue === issue).length;
  return (
    <article className="reconciliation__night" aria-label={`${night.day} ${night.provider}`}>
      <h3>
        {night.day} · {night.provider}
      </h3>
      <p>
        {night.matched} matched · {count('missing_here')} missing here · {count('missing_there')} missing
        there · {count('amount_differs')} amount differences ({night.processor_transactions} at the processor,{' '}
        {night.logged_transactions} here)
      </p>
      {night.differences.length > 0 && (
        <DataTable stack label={`Differences of ${night.day}, ${night.provider}`}>
          <thead>
            <tr>
              {Object.values(columns).map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {night.differences.map((d) => (
              <tr key={d.transaction_id}>
                <td data-label={columns.transaction}>{d.transaction_id}</td>
                <td data-label={columns.kind}>{d.kind}</td>
                <td data-label={columns.issue}>{issues[d.issue]}</td>
                <td data-label={columns.here}>{money(d.here)}</td>
                <td data-label={columns.there}>{money(d.there)}</td>
                <td data-label={columns.purchase}>
                  {d.purchase_id ? `${d.purchase_id} (account ${d.account_id ?? 'unknown'})` : 'none here'}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </article>
  );
}
