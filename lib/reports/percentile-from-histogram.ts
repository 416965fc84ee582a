/** percentile_cont over a histogram (value → count), ascending: as PostgreSQL interpolates between the two nearest ranks. */
export function percentileFromHistogram(histogram: { value: number; count: number }[], fraction: number): number | null {
  const total = histogram.reduce((sum, h) => sum + h.count, 0);
  if (total === 0) return null;
  const rank = fraction * (total - 1);
  const valueAt = (index: number) => {
    let seen = 0;
    for (const h of histogram) if ((seen += h.count) > index) return h.value;
    return histogram[histogram.length - 1].value;
  };
  const below = Math.floor(rank);
  const low = valueAt(below);
  return low + (valueAt(Math.ceil(rank)) - low) * (rank - below);
}
