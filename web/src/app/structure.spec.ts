import { describe, expect, it } from '@jest/globals';

/**
 * The web app's layers: `features/<area>/` are the screens, each its own lazy chunk; what two
 * of them need lives below them (`components/`, `utils/`, `api/`). So a feature never imports
 * another feature, and nothing but a feature and the shell (`app/`) imports a feature.
 */

// The browser program leaves Node's types out on purpose: the one call of Node this check
// makes is typed here.
declare const require: (id: 'node:fs') => {
  readdirSync(dir: string, options: { withFileTypes: true }): Array<{ name: string; isDirectory(): boolean }>;
  readFileSync(path: string, encoding: 'utf8'): string;
};
declare const __dirname: string;
const fs = require('node:fs');

/** web/src, where every path below starts. */
const SRC = `${__dirname}/..`;

/** Source files under `dir` (a path inside web/src, '' for all of it). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(`${SRC}/${dir}`, { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The relative module paths a file imports (static imports, re-exports and `import()`). */
function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s+['"]([^'"]+)['"]/gm];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found.filter((path) => path.startsWith('.'));
}

/** Where `spec`, imported by the file at `from`, points to: a path inside web/src. */
function resolveImport(from: string, spec: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The area of `features/<area>/…`, or undefined outside the feature folders. */
function featureOf(path: string): string | undefined {
  const [top, area] = path.split('/');
  return top === 'features' && area ? area : undefined;
}

interface Edge {
  from: string;
  to: string;
}

const edgesOf = (from: string, source: string): Edge[] => importsOf(source).map((spec) => ({ from, to: resolveImport(from, spec) }));
const crossFeature = (edges: Edge[]) => edges.filter((e) => featureOf(e.from) && featureOf(e.to) && featureOf(e.from) !== featureOf(e.to));
const intoFeatures = (edges: Edge[]) => edges.filter((e) => !featureOf(e.from) && !e.from.startsWith('app/') && featureOf(e.to));
const show = (edges: Edge[]) => edges.map((e) => `${e.from} imports ${e.to}`);

describe('web/src structure', () => {
  const files = sourceFiles('');
  const all = files.flatMap((file) => edgesOf(file, fs.readFileSync(`${SRC}/${file}`, 'utf8')));

  it('reads the imports of the real files', () => {
    expect(files).toContain('features/orders/OrdersPage.tsx');
    expect(all).toContainEqual({ from: 'app/AppRoutes.tsx', to: 'features/orders/OrdersPage' });
  });

  it('a feature folder imports no other feature folder', () => {
    expect(show(crossFeature(all))).toEqual([]);
  });

  it('nothing below the features (components, utils, api, …) imports a feature', () => {
    expect(show(intoFeatures(all))).toEqual([]);
  });

  it('the checks catch a feature importing another, and a shared piece importing a feature', () => {
    const header = edgesOf(
      'features/order-detail/OrderHeader.tsx',
      "import { StatusBadge } from '../orders/StatusBadge';\nimport { toast } from '../../components/toast/toast';\nexport { x } from './here';\nconst admin = () => import('../admin');",
    );
    expect(show(crossFeature(header))).toEqual([
      'features/order-detail/OrderHeader.tsx imports features/orders/StatusBadge',
      'features/order-detail/OrderHeader.tsx imports features/admin',
    ]);
    const badge = edgesOf('components/StatusBadge.tsx', "import { canOpen } from '../features/orders/orderRules';");
    expect(show(intoFeatures(badge))).toEqual(['components/StatusBadge.tsx imports features/orders/orderRules']);
  });
});
