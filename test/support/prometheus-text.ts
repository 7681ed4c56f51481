/**
 * A strict parser of the Prometheus text exposition format (0.0.4), for the tests that scrape
 * `/metrics`: it throws on anything a Prometheus server would refuse or that the format forbids —
 * a malformed line, a sample of a family with no `# TYPE` before it, a family typed twice, a
 * series given twice, histogram buckets without `le`, not cumulative or not ending at +Inf = count.
 */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface MetricFamily {
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string | null;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?[ \\t]+(\\S+)(?:[ \\t]+(-?\\d+))?$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/;
const SUFFIXES: Record<MetricFamily['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function parseValue(text: string, line: string): number {
  // Prometheus reads these as Go's ParseFloat does, in any case: prom-client writes `Nan`.
  const special = text.toLowerCase();
  if (special === '+inf' || special === 'inf') return Infinity;
  if (special === '-inf') return -Infinity;
  if (special === 'nan') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) {
    throw new Error(`not a number: "${text}" in "${line}"`);
  }
  return Number(text);
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest !== '') {
    const match = LABEL.exec(rest);
    if (!match?.[1] || match[2] === undefined) throw new Error(`bad labels in "${line}"`);
    if (match[1] in labels) throw new Error(`label ${match[1]} twice in "${line}"`);
    labels[match[1]] = match[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(match[0].length);
  }
  return labels;
}

/** The family a sample name belongs to: the longest declared name its suffix allows. */
function familyOf(families: Map<string, MetricFamily>, name: string): MetricFamily | undefined {
  for (const [familyName, family] of families) {
    if (SUFFIXES[family.type].some((suffix) => familyName + suffix === name)) return family;
  }
  return undefined;
}

function checkHistogram(name: string, family: MetricFamily): void {
  const bySeries = new Map<string, Sample[]>();
  for (const sample of family.samples.filter((s) => s.name === `${name}_bucket`)) {
    const { le, ...rest } = sample.labels;
    if (le === undefined) throw new Error(`${name}_bucket without le`);
    const key = JSON.stringify(rest);
    bySeries.set(key, [...(bySeries.get(key) ?? []), sample]);
  }
  for (const [key, buckets] of bySeries) {
    const values = buckets.map((b) => b.value);
    if (values.some((v, i) => i > 0 && v < (values[i - 1] ?? 0))) {
      throw new Error(`${name} ${key}: buckets are not cumulative`);
    }
    const last = buckets.at(-1);
    const count = family.samples.find(
      (s) => s.name === `${name}_count` && JSON.stringify(s.labels) === key,
    );
    if (last?.labels.le !== '+Inf' || count?.value !== last.value) {
      throw new Error(`${name} ${key}: the +Inf bucket must end the series and equal _count`);
    }
  }
}

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const seen = new Set<string>();
  if (text !== '' && !text.endsWith('\n'))
    throw new Error('the exposition must end with a newline');
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^#[ \t]+(HELP|TYPE)[ \t]+(\S+)(?:[ \t]+(.*))?$/.exec(line);
    if (meta?.[1] && meta[2]) {
      const [, kind, name, rest = ''] = meta;
      if (!new RegExp(`^${NAME}$`).test(name)) throw new Error(`bad metric name in "${line}"`);
      const family = families.get(name);
      if (kind === 'TYPE') {
        if (family?.samples.length) throw new Error(`TYPE after samples of ${name}`);
        if (family && family.type !== 'untyped') throw new Error(`${name} typed twice`);
        if (!TYPES.has(rest)) throw new Error(`unknown type in "${line}"`);
        const type = rest as MetricFamily['type'];
        families.set(name, { type, help: family?.help ?? null, samples: [] });
      } else {
        if (family?.help != null) throw new Error(`${name} has two HELP lines`);
        families.set(name, { type: family?.type ?? 'untyped', help: rest, samples: [] });
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = SAMPLE_LINE.exec(line);
    if (!sample?.[1] || !sample[3]) throw new Error(`malformed line "${line}"`);
    const family = familyOf(families, sample[1]);
    if (!family) throw new Error(`sample of an undeclared family: "${line}"`);
    const labels = parseLabels(sample[2] ?? '', line);
    const series = `${sample[1]}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(series)) throw new Error(`series given twice: "${line}"`);
    seen.add(series);
    family.samples.push({ name: sample[1], labels, value: parseValue(sample[3], line) });
  }
  for (const [name, family] of families) {
    if (family.type === 'histogram') checkHistogram(name, family);
  }
  return families;
}

/** The value of one series (labels matched exactly), or undefined when it is not there. */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  for (const family of families.values()) {
    const found = family.samples.find(
      (s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted,
    );
    if (found) return found.value;
  }
  return undefined;
}
