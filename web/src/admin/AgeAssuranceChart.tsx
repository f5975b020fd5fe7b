import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../ui/DataTable';
import { SectionTitle } from '../ui/SectionTitle';
import { surfaceClass } from '../ui/Surface';
import { TrendChart } from '../ui/TrendChart';
import { ageAssuranceStatsQuery } from './admin-queries';
import './GrowthChart.css';

const lines = [
  { key: 'wallet', name: 'Digital identity wallet', color: '#d9b26f' },
  { key: 'hosted', name: 'Hosted provider', color: '#8fb4d6' },
] as const;

/** The method's name as the assurance screen offers it. */
const methodName = (method: string) => lines.find((line) => line.key === method)?.name ?? method;

/**
 * "Age assurances": how many members and visitors were assured each day of the last 30, by
 * method, and by which provider. Counts only: the panel never names who was assured.
 */
export function AgeAssuranceChart({ token }: { token: string }) {
  const stats = useQuery(ageAssuranceStatsQuery(token));
  if (stats.isError) console.error('Failed to load the age assurances', stats.error);
  const days = stats.data?.days ?? [];
  const providers = stats.data?.providers ?? [];
  const total = providers.reduce((sum, row) => sum + row.assurances, 0);
  const visitors = providers.reduce((sum, row) => sum + row.visitors, 0);
  return (
    <section className={surfaceClass('admin-chart')} aria-labelledby="age-assurances-title">
      <SectionTitle id="age-assurances-title">Age assurances (last 30 days)</SectionTitle>
      {stats.isError ? <p className="text-muted">The age assurances could not be loaded.</p> : null}
      {stats.data && providers.length === 0 ? (
        <p className="text-muted">Nobody was assured in the last 30 days.</p>
      ) : null}
      {total > 0 ? (
        <p className="text-meta">
          {total} {total === 1 ? 'assurance' : 'assurances'}: {total - visitors}{' '}
          {total - visitors === 1 ? 'member' : 'members'}, {visitors}{' '}
          {visitors === 1 ? 'visitor' : 'visitors'} (a visitor is a browser assured without an account).
        </p>
      ) : null}
      <TrendChart
        rows={days}
        x="day"
        xName="Day"
        lines={lines}
        height={240}
        caption="Age assurances by day and method"
        tableTestId="age-assurances-table"
        dots={false}
        plot={providers.length > 0}
      />
      {providers.length > 0 ? (
        <DataTable label="Age assurances by provider">
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Provider</th>
              <th scope="col">Assurances</th>
              <th scope="col">Of them visitors</th>
            </tr>
          </thead>
          <tbody>
            {providers.map((row) => (
              <tr key={`${row.method} ${row.provider}`}>
                <td>{methodName(row.method)}</td>
                <td>{row.provider}</td>
                <td>{row.assurances}</td>
                <td>{row.visitors}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      ) : null}
    </section>
  );
}
