import { SectionTitle } from '../ui/SectionTitle';
import { surfaceClass } from '../ui/Surface';
import { TrendChart } from '../ui/TrendChart';
import type { MonthlyStat } from './admin-api';
import './GrowthChart.css';

const lines = [
  { key: 'registrations', name: 'Registered Users', color: '#d9b26f' },
  { key: 'verified', name: 'Verified Users', color: '#8fd6a8' },
  { key: 'premium', name: 'Premium Users', color: '#d7869b' },
] as const;

/** "Monthly Growth": three lines by month. */
export function GrowthChart({ stats }: { stats: MonthlyStat[] }) {
  return (
    <section className={surfaceClass('admin-chart')} aria-labelledby="growth-title">
      <SectionTitle id="growth-title">Monthly Growth</SectionTitle>
      {stats.length === 0 ? <p className="text-muted">No data yet.</p> : null}
      <TrendChart
        rows={stats}
        x="month"
        xName="Month"
        lines={lines}
        height={300}
        caption="Monthly growth"
        tableTestId="growth-table"
        plot={stats.length > 0}
      />
    </section>
  );
}
