/**
 * The value of a metric in Prometheus text (what `/metrics` answers): the samples named `name`
 * whose labels include `labels` (label order does not matter), summed; undefined when there is
 * no such series. For tests and benchmarks that read a scrape.
 */
export function readSample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) found[l[1]] = l[2];
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) total = (total ?? 0) + Number(m[3]);
  }
  return total;
}
