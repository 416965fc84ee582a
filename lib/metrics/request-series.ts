// Request durations by route template, method and status, kept so that
// recording one costs no allocation: after a series' first request, three
// Map look-ups and a few additions (prom-client's Histogram builds a label
// object and a hash string on every observe, which the route wrapper would pay
// on every request). The registry reads it through the `get()` shape
// prom-client's Registry formats, as a histogram and as a request counter.

interface Series {
  route: string;
  method: string;
  status: string;
  /** Observations at or below each bound (not cumulative; summed when read). */
  buckets: Float64Array;
  sum: number;
  count: number;
}

interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

export interface MetricReading {
  name: string;
  help: string;
  type: "histogram" | "counter";
  values: MetricValue[];
  aggregator: "sum";
}

export class RequestSeries {
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();
  private readonly all: Series[] = [];

  constructor(private readonly bounds: readonly number[]) {}

  record(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = { route, method, status: String(status), buckets: new Float64Array(this.bounds.length), sum: 0, count: 0 };
      byStatus.set(status, series);
      this.all.push(series);
    }
    series.sum += seconds;
    series.count += 1;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]) {
        series.buckets[i] += 1;
        return;
      }
    }
  }

  /** The histogram, as prom-client's Registry reads a metric. */
  histogram(name: string, help: string) {
    return {
      name,
      help,
      get: async (): Promise<MetricReading> => ({ name, help, type: "histogram", aggregator: "sum", values: this.histogramValues(name) }),
    };
  }

  /** The requests counted, as a counter of its own (the histogram's _count, under the name dashboards look for). */
  counter(name: string, help: string) {
    return {
      name,
      help,
      get: async (): Promise<MetricReading> => ({
        name,
        help,
        type: "counter",
        aggregator: "sum",
        values: this.all.map((s) => ({ labels: { route: s.route, method: s.method, status: s.status }, value: s.count })),
      }),
    };
  }

  private histogramValues(name: string): MetricValue[] {
    const values: MetricValue[] = [];
    for (const s of this.all) {
      const labels = { route: s.route, method: s.method, status: s.status };
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += s.buckets[i];
        values.push({ labels: { ...labels, le: bound }, value: cumulative, metricName: `${name}_bucket` });
      });
      values.push({ labels: { ...labels, le: "+Inf" }, value: s.count, metricName: `${name}_bucket` });
      values.push({ labels, value: s.sum, metricName: `${name}_sum` });
      values.push({ labels, value: s.count, metricName: `${name}_count` });
    }
    return values;
  }
}
