import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Studio } from './studio-queries';

const lines = [
  { key: 'views', name: 'Views', color: '#d9b26f' },
  { key: 'likes', name: 'Likes', color: '#d7869b' },
] as const;

/** Views and likes per day; the same numbers in a table for screen readers (a chart is a picture). */
export function StudioChart({ daily }: { daily: Studio['daily'] }) {
  return (
    <>
      <div className="studio-chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={260}>
          <LineChart
            data={daily}
            margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke="#2e2838" strokeDasharray="3 3" />
            <XAxis
              dataKey="day"
              stroke="#b8afc2"
              tickFormatter={(day: string) => day.slice(5)}
              minTickGap={24}
            />
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
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <div className="visually-hidden">
        <table data-testid="studio-daily">
          <caption>Views and likes per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Likes</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((row) => (
              <tr key={row.day}>
                <th scope="row">{row.day}</th>
                <td>{row.views}</td>
                <td>{row.likes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
