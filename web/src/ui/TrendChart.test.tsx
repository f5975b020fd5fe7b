// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { TrendChart } from './TrendChart';

vi.mock('./TrendPlot', () => ({ default: () => <p>the picture</p> }));

let reportNear: ((entries: { isIntersecting: boolean }[]) => void) | undefined;

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        reportNear = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const chart = (whenNear?: boolean) => (
  <TrendChart
    rows={[{ day: '2026-12-01', views: 3 }]}
    x="day"
    xName="Day"
    lines={[{ key: 'views', name: 'Views', color: '#d9b26f' }]}
    height={260}
    caption="Views per day"
    tableTestId="daily"
    whenNear={whenNear}
  />
);

it("loads the picture only once the chart's place comes near the screen; its numbers are there at once", async () => {
  render(chart(true));
  expect(screen.getByTestId('daily').textContent).toContain('2026-12-01');
  expect(screen.queryByText('the picture')).toBeNull();
  await act(async () => reportNear?.([{ isIntersecting: true }]));
  expect(await screen.findByText('the picture')).toBeTruthy();
});

it('loads the picture at once by default', async () => {
  render(chart());
  expect(await screen.findByText('the picture')).toBeTruthy();
});
