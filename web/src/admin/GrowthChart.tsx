import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthlyStat } from './admin-api';

const lines = [
  { key: 'registrations', name: 'Registered Users', color: '#d9b26f' },
  { key: 'verified', name: 'Verified Users', color: '#8fd6a8' },
  { key: 'premium', name: 'Premium Users', color: '#d7869b' },
] as const;

/**
 * "Monthly Growth": three lines by month. The same numbers are in a table
 * for screen readers (a chart is a picture).
 */
export function GrowthChart({ stats }: { stats: MonthlyStat[] }) {
  return (
    <section className="admin-chart surface" aria-labelledby="growth-title">
      <h2 id="growth-title" className="admin-section-title">
        Monthly Growth
      </h2>
      {stats.length === 0 ? (
        <p className="text-muted">No data yet.</p>
      ) : (
        <div className="admin-chart__plot" aria-hidden="true">
          <ResponsiveContainer width="100%" height={300}>
            <LineChart data={stats} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid stroke="#2e2838" strokeDasharray="3 3" />
              <XAxis dataKey="month" stroke="#b8afc2" />
              <YAxis allowDecimals={false} stroke="#b8afc2" />
              <Tooltip contentStyle={{ background: '#1e1a26', border: '1px solid #4a4158' }} />
              <Legend />
              {lines.map((line) => (
                <Line
                  key={line.key}
                  type="monotone"
                  dataKey={line.key}
                  name={line.name}
                  stroke={line.color}
                  strokeWidth={2}
                  dot={{ r: 3 }}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
      {/* Hidden by a block around it: a table ignores the width and overflow that hide it, and a
          hidden table as wide as its figures widened the page on a phone. */}
      <div className="visually-hidden">
        <table data-testid="growth-table">
          <caption>Monthly growth</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {lines.map((line) => (
                <th key={line.key} scope="col">
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {stats.map((row) => (
              <tr key={row.month}>
                <th scope="row">{row.month}</th>
                {lines.map((line) => (
                  <td key={line.key}>{row[line.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
