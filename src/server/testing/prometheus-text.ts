// Reads Prometheus' text exposition format (https://prometheus.io/docs/instrumenting/exposition_formats/) as a scraper
// does, for the metrics tests: every sample line `name{label="value",…} number`, with its # TYPE. (The one parser on
// npm, parse-prometheus-text-format, drops a histogram's labels when `le` comes first, as prom-client writes it.)

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  /** The declared type of each metric family (# TYPE). */
  types: Map<string, string>;
  samples: Sample[];
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/gy;

export function parsePrometheusText(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice(7).split(' ');
      types.set(name, type);
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const text = m[2] ?? '';
    let at = 0;
    LABEL.lastIndex = 0;
    for (let l = LABEL.exec(text); l; l = LABEL.exec(text)) {
      labels[l[1]] = l[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      at = LABEL.lastIndex;
    }
    if (at !== text.length) throw new Error(`bad labels: ${line}`);
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return { types, samples };
}
