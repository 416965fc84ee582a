/**
 * The counts a chart's vertical axis marks: whole numbers from 0 to a round
 * top at or above the largest value, about `count` steps apart (1, 2, 5, 10,
 * 20, 50... per step). An empty chart still has an axis: 0 to 1.
 */
export function axisTicks(largest: number, count = 4): number[] {
  const top = Math.max(1, Math.ceil(largest));
  const rough = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(1, rough)));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let value = 0; value < top + step; value += step) {
    ticks.push(value);
    if (value >= top) break;
  }
  return ticks;
}

/** The labels to show along the horizontal axis: every k-th, for about `labels` of them (the last too when a full step away). */
export function shownLabels(points: number, labels: number): Set<number> {
  const every = Math.max(1, Math.ceil(points / labels));
  const shown = new Set<number>();
  for (let i = 0; i < points; i += every) shown.add(i);
  if (points > 0 && points - 1 - Math.max(...shown) >= every) shown.add(points - 1);
  return shown;
}
