import { axisTicks, shownLabels } from "@/lib/client/format/axis-ticks";
import { formatNumber } from "@/lib/client/format/display";

export interface Series {
  key: string;
  name: string;
  color: string;
}

/**
 * What the Reports page's charts share: the counts up the side, the labels
 * along the bottom, the grid, the legend, and a column per point whose
 * tooltip reads its values. The series are drawn by the caller into a plot of
 * 100 x 100 units that CSS stretches to the panel's width (lines keep their
 * width with non-scaling strokes), so a chart is drawn once, at any size,
 * without measuring anything (issue 45, point 11: recharts measured every
 * label and took 500 ms of a phone's main thread to open the page).
 */
export function ChartFrame<Point extends object>({
  label,
  points,
  series,
  xLabel,
  describe,
  children,
}: {
  label: string;
  points: Point[];
  series: Series[];
  xLabel: (point: Point) => string;
  describe: (point: Point) => string;
  children: (y: (value: number) => number, top: number) => React.ReactNode;
}) {
  const values = points.flatMap((point) => series.map((s) => Number((point as Record<string, unknown>)[s.key]) || 0));
  const ticks = axisTicks(Math.max(0, ...values));
  const top = ticks[ticks.length - 1];
  const y = (value: number) => 100 - (value / top) * 100;
  const labels = shownLabels(points.length, 6);
  const column = 100 / Math.max(1, points.length);
  return (
    <figure className="chart" role="img" aria-label={label}>
      <div className="chart-body">
        <div className="chart-y" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} style={{ top: `${y(tick)}%` }}>
              {formatNumber(tick)}
            </span>
          ))}
        </div>
        <div className="chart-plot">
          <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
            {ticks.map((tick) => (
              <line key={tick} className="chart-grid" x1={0} x2={100} y1={y(tick)} y2={y(tick)} vectorEffect="non-scaling-stroke" />
            ))}
            {children(y, top)}
            {points.map((point, i) => (
              <rect key={i} className="chart-hover" x={i * column} y={0} width={column} height={100}>
                <title>{describe(point)}</title>
              </rect>
            ))}
          </svg>
          <div className="chart-x" aria-hidden="true">
            {points.map(
              (point, i) =>
                labels.has(i) && (
                  <span key={i} style={{ left: `${(i + 0.5) * column}%` }}>
                    {xLabel(point)}
                  </span>
                ),
            )}
          </div>
        </div>
      </div>
      <figcaption className="chart-legend">
        {series.map((s) => (
          <span key={s.key}>
            <i style={{ background: s.color }} />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
