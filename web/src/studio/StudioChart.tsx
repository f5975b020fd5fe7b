import { TrendChart } from '../ui/TrendChart';
import type { Studio } from './studio-queries';

const lines = [
  { key: 'views', name: 'Views', color: '#d9b26f' },
  { key: 'likes', name: 'Likes', color: '#d7869b' },
] as const;

/** Views and likes per day: below a phone's first screen, its picture loads when scrolled near. */
export function StudioChart({ daily }: { daily: Studio['daily'] }) {
  return (
    <TrendChart
      rows={daily}
      x="day"
      xName="Day"
      lines={lines}
      height={260}
      caption="Views and likes per day"
      tableTestId="studio-daily"
      formatX={(day) => day.slice(5)}
      dots={false}
      minTickGap={24}
      accessibilityLayer={false}
      whenNear
    />
  );
}
