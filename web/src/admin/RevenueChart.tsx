import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { csvCell, download } from '../audit/timeline/timeline-export';
import { Button } from '../ui/Button';
import { SectionTitle } from '../ui/SectionTitle';
import { surfaceClass } from '../ui/Surface';
import { TrendChart } from '../ui/TrendChart';
import type { RevenueRow } from './admin-api';
import { revenueQuery } from './admin-queries';
import './GrowthChart.css';

const lines = [
  { key: 'gross', name: 'Gross', color: '#d9b26f' },
  { key: 'refunds', name: 'Refunds', color: '#8fb4d6' },
  { key: 'chargebacks', name: 'Chargebacks', color: '#d7869b' },
  { key: 'net', name: 'Net', color: '#8fd6a8' },
] as const;

const COLUMNS = ['period', 'currency', 'gross', 'refunds', 'chargebacks', 'net'] as const;

export function revenueCsv(rows: readonly RevenueRow[]): string {
  const out = [COLUMNS.join(',')];
  for (const row of rows) out.push(COLUMNS.map((column) => csvCell(row[column])).join(','));
  return `${out.join('\r\n')}\r\n`;
}

/**
 * "Revenue": gross, refunds, chargebacks and net by month (or by day, the last 90), in dollars,
 * from what the payment processors confirmed; beside the growth chart, and as CSV.
 */
export function RevenueChart({ token }: { token: string }) {
  const [period, setPeriod] = useState<'month' | 'day'>('month');
  const revenue = useQuery(revenueQuery(token, period));
  if (revenue.isError) console.error('Failed to load the revenue', revenue.error);
  // One currency is charted (the product sells in USD); the CSV holds every row.
  const rows = (revenue.data ?? []).filter((row) => row.currency === 'USD');
  return (
    <section className={surfaceClass('admin-chart')} aria-labelledby="revenue-title">
      <SectionTitle id="revenue-title">Revenue (USD)</SectionTitle>
      <div className="revenue-chart__controls">
        <Button
          size="sm"
          variant={period === 'month' ? 'primary' : 'secondary'}
          onClick={() => setPeriod('month')}
        >
          By month
        </Button>{' '}
        <Button
          size="sm"
          variant={period === 'day' ? 'primary' : 'secondary'}
          onClick={() => setPeriod('day')}
        >
          By day
        </Button>{' '}
        <Button
          size="sm"
          variant="secondary"
          disabled={!revenue.data}
          onClick={() => download(`revenue-by-${period}.csv`, 'text/csv', revenueCsv(revenue.data ?? []))}
        >
          Download CSV
        </Button>
      </div>
      {rows.length === 0 ? <p className="text-muted">No payments yet.</p> : null}
      <TrendChart
        rows={rows}
        x="period"
        xName={period === 'month' ? 'Month' : 'Day'}
        lines={lines}
        height={300}
        caption={`Revenue by ${period}`}
        tableTestId="revenue-table"
        dots={period === 'month'}
        plot={rows.length > 0}
      />
    </section>
  );
}
