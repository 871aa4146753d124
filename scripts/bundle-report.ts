/**
 * `make bench-web`: how much JavaScript the browser downloads (gzip) before the sign-in page
 * and the first page after sign-in can show, computed from Vite's manifest of the built web
 * app (`web/dist/.vite/manifest.json`, `build.manifest` in web/vite.config.ts).
 *
 * A page needs the entry chunk with everything it imports statically, plus the lazy chunks of
 * its route (and what those import). Each figure is printed against the 250 KB target of the
 * web app shell issue, and against the entry alone (the baseline every page pays).
 *
 *   node dist/scripts/bundle-report.js [web/dist]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(__dirname, '..', '..');
export const TARGET_BYTES = 250 * 1024;

/** The source modules a route loads lazily, as the manifest names them (relative to web/). */
export const PAGES = [
  { name: 'sign-in page (/auth/login)', lazy: ['src/features/auth/LoginPage.tsx'] },
  {
    // the landing screen after sign-in (paths.landing): the signed-in layout and the orders list
    name: 'first page after sign-in (/orders)',
    lazy: ['src/app/layout/AppShell.tsx', 'src/features/orders/OrdersPage.tsx'],
  },
] as const;

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Files (JavaScript) a set of manifest keys needs: themselves and their static imports, recursively. */
export function filesNeeded(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk "${key}" (was the module renamed? update PAGES in scripts/bundle-report.ts)`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  return entries[0]![0];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
  const dist = resolve(process.argv[2] ?? join(ROOT, 'web', 'dist'));
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    process.stderr.write(`no ${manifestPath}: build the web app first (npm run build:web)\n`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const gz = new Map<string, number>();
  const gzipOf = (file: string) => {
    let size = gz.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
      gz.set(file, size);
    }
    return size;
  };
  const total = (files: Set<string>) => [...files].reduce((sum, f) => sum + gzipOf(f), 0);

  const entry = entryKey(manifest);
  const baseline = total(filesNeeded(manifest, [entry]));
  const rows = PAGES.map((page) => {
    const files = filesNeeded(manifest, [entry, ...page.lazy]);
    return { name: page.name, files: files.size, bytes: total(files) };
  });
  const locales = Object.entries(manifest)
    .filter(([key]) => /src\/locales\/\w+\.json$/.test(key))
    .map(([key, chunk]) => ({ code: key.replace(/^.*\/(\w+)\.json$/, '$1'), bytes: gzipOf(chunk.file) }))
    .sort((a, b) => b.bytes - a.bytes);

  const width = Math.max(...rows.map((r) => r.name.length), 'entry alone (every page)'.length);
  const out: string[] = [];
  out.push(`Web bundle: JavaScript a page needs before it shows, gzip level 9 (${dist})`);
  out.push(`  target ${kb(TARGET_BYTES)} per page; baseline = the entry chunk and its static imports`);
  out.push('');
  out.push(`  ${'page'.padEnd(width)}  ${'gzip'.padStart(9)}  files  of target  x baseline`);
  out.push(`  ${'entry alone (every page)'.padEnd(width)}  ${kb(baseline).padStart(9)}  ${'-'.padStart(5)}  ${`${((baseline / TARGET_BYTES) * 100).toFixed(0)}%`.padStart(9)}  ${'1.00'.padStart(10)}`);
  for (const r of rows) {
    const verdict = r.bytes <= TARGET_BYTES ? 'ok' : 'OVER TARGET';
    out.push(
      `  ${r.name.padEnd(width)}  ${kb(r.bytes).padStart(9)}  ${String(r.files).padStart(5)}  ${`${((r.bytes / TARGET_BYTES) * 100).toFixed(0)}%`.padStart(9)}  ${(r.bytes / baseline).toFixed(2).padStart(10)}  ${verdict}`,
    );
  }
  if (locales.length > 0) {
    const largest = locales[0]!;
    out.push('');
    out.push(`  English ships in the entry; another language adds one chunk of at most ${kb(largest.bytes)} (${largest.code}).`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

if (require.main === module) main();
