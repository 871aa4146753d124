import { DEFAULT_METRIC_NAMES, METRICS, Metrics, readSample } from '@app/ops';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Target {
  expr?: string;
  datasource?: { type?: string; uid?: string };
}
interface Panel {
  type: string;
  title: string;
  datasource?: { type?: string; uid?: string };
  targets?: Target[];
  panels?: Panel[];
}

const dashboard = JSON.parse(readFileSync(join(__dirname, '../../deploy/grafana/dealer-photo.dashboard.json'), 'utf8')) as {
  templating: { list: Array<{ name: string; type: string; query: string }> };
  panels: Panel[];
};
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]).filter((p) => p.type !== 'row');
const exprs = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr ?? '' })));

/** Every series name the code registers: METRICS (a histogram as its _bucket, _count and _sum) and the default metrics. */
const registered = new Set<string>([
  ...Object.values(METRICS).flatMap((m) => (m.type === 'histogram' ? [`${m.name}_bucket`, `${m.name}_count`, `${m.name}_sum`] : [m.name])),
  ...DEFAULT_METRIC_NAMES,
]);
const labels = new Set<string>(['le', 'process', ...Object.values(METRICS).flatMap((m): readonly string[] => m.labels)]);
const metricNames = (expr: string) => [...expr.matchAll(/\b((?:dealer|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1]);

/** The operations dashboard (deploy/grafana): a renamed or removed metric fails here, not on a dark screen. */
describe('the Grafana dashboard', () => {
  it('reads every panel from the ${DS_PROMETHEUS} data source variable', () => {
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', query: 'prometheus' }));
    for (const p of panels) {
      expect([p.title, p.datasource]).toEqual([p.title, { type: 'prometheus', uid: '${DS_PROMETHEUS}' }]);
      for (const t of p.targets ?? []) expect([p.title, t.datasource?.uid]).toEqual([p.title, '${DS_PROMETHEUS}']);
    }
  });

  it('names in every expression only metrics the code registers, and groups only by labels they have', () => {
    expect(exprs.length).toBeGreaterThan(20);
    for (const { panel, expr } of exprs) {
      const names = metricNames(expr);
      expect([panel, names.length > 0]).toEqual([panel, true]);
      for (const name of names) expect([panel, name, registered.has(name)]).toEqual([panel, name, true]);
      for (const by of expr.matchAll(/\bby \(([^)]*)\)/g)) {
        for (const label of by[1].split(',').map((l) => l.trim())) expect([panel, label, labels.has(label)]).toEqual([panel, label, true]);
      }
    }
  });

  it('shows every metric of the product on some panel', () => {
    const shown = new Set(exprs.flatMap(({ expr }) => metricNames(expr)).map((n) => n.replace(/_(bucket|count|sum)$/, '')));
    expect(Object.values(METRICS).map((m) => m.name).filter((n) => !shown.has(n))).toEqual([]);
  });

  it('has the panels ops look at first, the pipeline lanes at the top', () => {
    const titles = panels.map((p) => p.title);
    expect(titles[0]).toBe('Pipeline lanes: jobs waiting');
    for (const title of [
      'Requests per second by route',
      'Request time p95 by route',
      '5xx answers per second',
      'NATS request time p95 by subject',
      'Outbox: age of the oldest unsent event',
      'Pipeline job time p95 per step',
      'Upload checks: refusals by reason',
      'Delivery messages by state',
      'CPU per process',
      'Memory per process',
    ]) {
      expect(titles).toContain(title);
    }
  });

  it('reads default metrics that a process really exposes', async () => {
    const text = await new Metrics('gateway').text();
    const used = new Set(exprs.flatMap(({ expr }) => metricNames(expr)).filter((n) => !n.startsWith('dealer_')));
    for (const name of used) expect([name, readSample(text, name) !== undefined || readSample(text, `${name}_count`) !== undefined]).toEqual([name, true]);
  });
});
