import { useQuery } from '@tanstack/react-query';
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
        <table>
          <thead>
            <tr>
              <th scope="col">Transaction</th>
              <th scope="col">Kind</th>
              <th scope="col">Difference</th>
              <th scope="col">Here</th>
              <th scope="col">At the processor</th>
              <th scope="col">Purchase (its account's timeline)</th>
            </tr>
          </thead>
          <tbody>
            {night.differences.map((d) => (
              <tr key={d.transaction_id}>
                <td>{d.transaction_id}</td>
                <td>{d.kind}</td>
                <td>{issues[d.issue]}</td>
                <td>{money(d.here)}</td>
                <td>{money(d.there)}</td>
                <td>
                  {d.purchase_id ? `${d.purchase_id} (account ${d.account_id ?? 'unknown'})` : 'none here'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
