import { ChartFrame, type Series } from "./charts/chart-frame";

interface Day {
  day: string;
  calls: number;
  answered: number;
  abandoned: number;
}
interface Hour {
  hour: number;
  calls: number;
  inbound: number;
  answered: number;
}

const DAILY: Series[] = [
  { key: "calls", name: "All calls", color: "#2458d3" },
  { key: "answered", name: "Inbound answered", color: "#067647" },
  { key: "abandoned", name: "Abandoned", color: "#b42318" },
];

// Dark enough for the legend text beside them (WCAG AA on white).
const HOURLY: Series[] = [
  { key: "calls", name: "All calls", color: "#2458d3" },
  { key: "answered", name: "Inbound answered", color: "#067647" },
];

/** Calls, inbound answered and abandoned per day: one line each, a point per day. */
export function DailyChart({ data }: { data: Day[] }) {
  const x = (i: number) => ((i + 0.5) / Math.max(1, data.length)) * 100;
  return (
    <ChartFrame
      label="Calls per day"
      points={data}
      series={DAILY}
      xLabel={(d) => d.day.slice(5)}
      describe={(d) => `${d.day}: ${d.calls} calls, ${d.answered} inbound answered, ${d.abandoned} abandoned`}
    >
      {(y) =>
        DAILY.map((s) => (
          <polyline key={s.key} className="chart-line" points={data.map((d, i) => `${x(i)},${y(d[s.key as keyof Day] as number)}`).join(" ")} stroke={s.color} vectorEffect="non-scaling-stroke" />
        ))
      }
    </ChartFrame>
  );
}

/** All calls and inbound answered per hour of the day, side by side. */
export function HourlyChart({ data }: { data: Hour[] }) {
  const column = 100 / Math.max(1, data.length);
  const bar = (column * 0.8) / HOURLY.length;
  return (
    <ChartFrame
      label="Calls by hour of day"
      points={data}
      series={HOURLY}
      xLabel={(h) => String(h.hour)}
      describe={(h) => `${String(h.hour).padStart(2, "0")}:00: ${h.calls} calls, ${h.answered} inbound answered`}
    >
      {(y) =>
        data.flatMap((h, i) =>
          HOURLY.map((s, k) => {
            const value = h[s.key as keyof Hour];
            return <rect key={`${i}-${s.key}`} className="chart-bar" x={i * column + column * 0.1 + k * bar} width={bar} y={y(value)} height={100 - y(value)} fill={s.color} />;
          }),
        )
      }
    </ChartFrame>
  );
}
