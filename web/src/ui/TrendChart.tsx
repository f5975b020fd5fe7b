import { lazy, Suspense, useRef } from 'react';
import type { TrendLine } from './trend-line';
import { useNearViewport } from './use-near-viewport';
import './TrendChart.css';

// The picture is recharts, the largest script of the app: a page that shows a chart draws
// everything else, the chart's numbers included, without waiting for it.
const TrendPlot = lazy(() => import('./TrendPlot'));

export interface TrendChartProps<X extends string, Key extends string> {
  rows: readonly (Record<X, string> & Record<Key, number>)[];
  /** The field of a row along the horizontal axis (a month, a day). */
  x: X;
  /** The horizontal axis's name in the table. */
  xName: string;
  lines: readonly TrendLine<Key>[];
  height: number;
  /** The table's caption and test id: the same numbers for screen readers (a chart is a picture). */
  caption: string;
  tableTestId: string;
  formatX?: (value: string) => string;
  /** Dots on each point (a few months), none on a dense line (days). */
  dots?: boolean;
  minTickGap?: number;
  /**
   * Recharts' own keyboard layer. Off by default: the picture is hidden from assistive technology
   * (the table gives the numbers), and a focusable element inside it would be a stop that says nothing.
   */
  accessibilityLayer?: boolean;
  /** False leaves the picture out (nothing to draw yet), the table still there. */
  plot?: boolean;
  /**
   * Load the picture only once its place comes within 200 px of the screen: for a chart below
   * a phone's first screen, whose script would otherwise run, long on a slow CPU, while the
   * page is first used.
   */
  whenNear?: boolean;
}

/** Lines over time in the app's palette (./TrendPlot.tsx), and the same numbers in a visually hidden table. */
export function TrendChart<X extends string, Key extends string>({
  rows,
  x,
  xName,
  lines,
  height,
  caption,
  tableTestId,
  formatX,
  dots = true,
  minTickGap,
  accessibilityLayer = false,
  plot = true,
  whenNear = false,
}: TrendChartProps<X, Key>) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box) || !whenNear;
  return (
    <>
      {plot ? (
        <div ref={box} className="trend-chart__plot" style={{ minHeight: height }} aria-hidden="true">
          {/* Its box is drawn at its height at once: the picture arriving later moves nothing. */}
          {near ? (
            <Suspense fallback={null}>
              <TrendPlot
                rows={rows}
                x={x}
                lines={lines}
                height={height}
                formatX={formatX}
                dots={dots}
                minTickGap={minTickGap}
                accessibilityLayer={accessibilityLayer}
              />
            </Suspense>
          ) : null}
        </div>
      ) : null}
      {/* Hidden by a block around it: a table ignores the width and overflow that hide it, and a
          hidden table as wide as its figures widened the page on a phone. */}
      <div className="visually-hidden">
        <table data-testid={tableTestId}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{xName}</th>
              {lines.map((line) => (
                <th key={line.key} scope="col">
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row[x]}>
                <th scope="row">{row[x]}</th>
                {lines.map((line) => (
                  <td key={line.key}>{row[line.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
