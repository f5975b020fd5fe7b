import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrendLine } from './trend-line';

export interface TrendPlotProps {
  rows: readonly object[];
  x: string;
  lines: readonly TrendLine<string>[];
  height: number;
  formatX?: ((value: string) => string) | undefined;
  dots: boolean;
  minTickGap?: number | undefined;
  accessibilityLayer: boolean;
}

/** The picture of a TrendChart (recharts): loaded on its own, when a chart is first drawn. */
export default function TrendPlot({
  rows,
  x,
  lines,
  height,
  formatX,
  dots,
  minTickGap,
  accessibilityLayer,
}: TrendPlotProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart
        data={rows as unknown[]}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        accessibilityLayer={accessibilityLayer}
      >
        <CartesianGrid stroke="#2e2838" strokeDasharray="3 3" />
        <XAxis dataKey={x} stroke="#b8afc2" tickFormatter={formatX} minTickGap={minTickGap} />
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
            dot={dots ? { r: 3 } : false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
