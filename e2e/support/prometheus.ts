import { suiteUrl } from "./api";
import { TEST_METRICS_TOKEN } from "./server.mjs";

// The Prometheus text format (0.0.4) as a scraper reads it: HELP and TYPE
// lines, then one sample a line, `name{label="value",...} number`.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** Metric family → its TYPE (counter, gauge, histogram…). */
  types: Map<string, string>;
  helps: Set<string>;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/g;

export function parseExposition(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const helps = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    if (line.startsWith("# TYPE ")) {
      const [name, type] = line.slice(7).split(" ");
      types.set(name, type);
      continue;
    }
    if (line.startsWith("# HELP ")) {
      helps.add(line.slice(7).split(" ")[0]);
      continue;
    }
    if (line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(LABEL)) labels[key] = value.replace(/\\n/g, "\n").replace(/\\"/g, '"').replace(/\\\\/g, "\\");
    // As Prometheus reads it (Go's ParseFloat): Inf and NaN in any case (prom-client writes "Nan").
    const raw = match[3].toLowerCase();
    const value = raw === "+inf" || raw === "inf" ? Infinity : raw === "-inf" ? -Infinity : raw === "nan" ? NaN : Number(raw);
    if (Number.isNaN(value) && raw !== "nan") throw new Error(`not a number: ${line}`);
    samples.push({ name: match[1], labels, value });
  }
  return { samples, types, helps };
}

/** The samples of `name` whose labels include `labels`. */
export function find(exposition: Exposition, name: string, labels: Record<string, string> = {}): Sample[] {
  return exposition.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** The value of the one sample of `name` with exactly these labels; 0 when there is none (a series not born yet). */
export function valueOf(exposition: Exposition, name: string, labels: Record<string, string> = {}): number {
  const found = exposition.samples.filter((s) => s.name === name && Object.keys(s.labels).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

export async function scrape(baseUrl = suiteUrl()): Promise<Exposition> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
  if (response.status !== 200) throw new Error(`GET /metrics: ${response.status} ${await response.text()}`);
  return parseExposition(await response.text());
}
