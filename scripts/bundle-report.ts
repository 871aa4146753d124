/**
 * `make bench-web`: how much JavaScript the browser downloads (gzip) before the sign-in page
 * and the first page after sign-in can show, computed from Vite's manifest of the built web
 * app (`web/dist/.vite/manifest.json`, `build.manifest` in web/vite.config.ts).
 *
 * A page needs the entry chunk with everything it imports statically, plus the lazy chunks of
 * its route (and what those import). Each figure is printed against the 250 KB target of the
 * web app shell issue, and against the entry alone (the baseline every page pays).
 *
 * Then what a browser really transfers (`measureTransfer`): the gateway, users, orders,
 * images and style-guides services as processes serving this build, chromium loading the
 * sign-in page and the orders list with a cold cache and again with a warm one, and the sum
 * of `encodedDataLength` of every response (CDP `Network.loadingFinished`: headers and body
 * as they came over the wire, compressed or not), with the orders list's thumbnails apart.
 * `BENCH_WEB_BROWSER=0` skips it.
 *
 *   node dist/scripts/bundle-report.js [web/dist]
 */
import 'reflect-metadata';
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

/** What one page load transferred: every response, and the orders list's pictures among them. */
export interface Transfer {
  bytes: number;
  requests: number;
  pictures: number;
}

/**
 * Boots the product as processes on a database, NATS namespace and S3 of its own with the
 * build in `dist`, seeds a dealership with 25 orders (the first page's pictures stored as the
 * pipeline writes them), and measures four page loads in chromium.
 */
async function measureTransfer(dist: string): Promise<Array<{ name: string; cold: Transfer; warm: Transfer }>> {
  const { chromium } = await import('playwright-core');
  const { createTestDatabase, createTestNamespace, startTestS3, testInfra, waitFor } = await import('@app/testing');
  const { seedAccounts } = await import('@app/seeding');
  const { StorageService } = await import('@app/storage');
  const { LIST_THUMB_HEIGHT, LIST_THUMB_WIDTH } = await import('@app/contracts');
  const { Client } = await import('pg');
  const sharp = (await import('sharp')).default;
  const { demoPhoto } = await import('../services/images/src/demo/demo-photos');
  const { seedOrders } = await import('../bench/orders-seed');
  const { benchProcessEnv, freePort, startProcess, stopProcess } = await import('../bench/bench-utils');
  const PASSWORD = 'Bench-Pass-2026!';
  const db = await createTestDatabase('bench_web');
  const ns = createTestNamespace('bench_web');
  const s3 = await startTestS3();
  const port = await freePort();
  const env = benchProcessEnv({ databaseUrl: db.url, natsUrl: testInfra.natsUrl, namespace: ns.prefix, s3 }, port, { WEB_DIST: dist });
  const origin = `http://127.0.0.1:${port}`;
  const processes = [startProcess('gateway', 'gateway/src/main.js', env)];
  const client = new Client({ connectionString: db.url });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking'] });
  try {
    for (const name of ['users', 'orders', 'images', 'style-guides']) {
      processes.push(startProcess(name, `services/${name}/src/main.js`, env));
      await waitFor(async () => (await fetch(`${origin}/api/health/services/${name}`).catch(() => null))?.status === 200, `the ${name} service`, 90_000, 250);
    }
    await client.connect();
    const [dealer] = (
      await seedAccounts(env, { accounts: [{ email: 'dealer@bench.test', displayName: 'Bench Dealership', userRole: 'Dealership', country: 'Denmark', password: PASSWORD }] })
    ).accounts;
    await seedOrders(client, dealer.id, { orders: 25, imagesPerOrder: 1, accounts: 1 });
    // the first page's pictures, as the pipeline writes them: the list shows the list-sized one
    const storage = new StorageService({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: s3.bucket, region: 'us-east-1' });
    const rows = (await client.query(`SELECT id, thumbnail_key FROM orders.orders WHERE account_id = $1 ORDER BY created_at DESC LIMIT 10`, [dealer.id])).rows as Array<{ id: string; thumbnail_key: string }>;
    for (const [i, row] of rows.entries()) {
      const photo = await demoPhoto(i % 4, 1 + (i % 8), false);
      const listKey = row.thumbnail_key.replace(/thumb\.jpg$/, 'thumb-list.jpg');
      await storage.put(row.thumbnail_key, await sharp(photo).resize(400).jpeg({ quality: 80 }).toBuffer(), 'image/jpeg');
      await storage.put(listKey, await sharp(photo).resize(LIST_THUMB_WIDTH, LIST_THUMB_HEIGHT, { fit: 'cover' }).jpeg({ quality: 75, optimiseCoding: true }).toBuffer(), 'image/jpeg');
      // BENCH_WEB_LIST_THUMBS=0: the list shows the 400-px thumbnails, as before list-sized pictures (to compare)
      await client.query(`UPDATE orders.orders SET thumbnail_key = $2 WHERE id = $1`, [row.id, process.env.BENCH_WEB_LIST_THUMBS === '0' ? row.thumbnail_key : listKey]);
    }

    type Page = Awaited<ReturnType<Awaited<ReturnType<typeof browser.newContext>>['newPage']>>;
    /** loads `url` in `page` until the network is quiet, summing what came over the wire */
    const load = async (page: Page, url: string, ready: () => Promise<unknown>): Promise<Transfer> => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const t: Transfer = { bytes: 0, requests: 0, pictures: 0 };
      const storageHost = new URL(s3.endpoint).host;
      const hosts = new Map<string, string>();
      cdp.on('Network.responseReceived', (e: { requestId: string; response: { url: string } }) => hosts.set(e.requestId, new URL(e.response.url).host));
      cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
        t.bytes += e.encodedDataLength;
        t.requests += 1;
        if (hosts.get(e.requestId) === storageHost) t.pictures += e.encodedDataLength;
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      await ready();
      await page.waitForLoadState('networkidle');
      await cdp.detach();
      return t;
    };

    const results: Array<{ name: string; cold: Transfer; warm: Transfer }> = [];
    const signInContext = await browser.newContext();
    const signInPage = await signInContext.newPage();
    const signInReady = () => signInPage.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const signInCold = await load(signInPage, `${origin}/auth/login`, signInReady);
    const signInWarm = await load(signInPage, `${origin}/auth/login`, signInReady);
    results.push({ name: 'sign-in', cold: signInCold, warm: signInWarm });
    await signInPage.getByLabel(/^E-mail/).fill(dealer.email);
    await signInPage.getByLabel(/^Password/).fill(PASSWORD);
    await signInPage.getByLabel(/^Password/).press('Enter');
    await signInPage.waitForURL(/\/orders/, { timeout: 60_000 });
    // the orders list with a cache of its own: the session only
    const ordersContext = await browser.newContext({ storageState: await signInContext.storageState() });
    const ordersPage = await ordersContext.newPage();
    // every picture of the list there (they load lazily, after the list's answer)
    const ordersReady = () =>
      ordersPage.waitForFunction(
        () => {
          const { images } = (globalThis as unknown as { document: { images: ArrayLike<{ complete: boolean; naturalWidth: number }> } }).document;
          return images.length > 0 && Array.from(images).every((img) => img.complete && img.naturalWidth > 0);
        },
        undefined,
        { timeout: 60_000 },
      );
    const ordersCold = await load(ordersPage, `${origin}/orders`, ordersReady);
    const ordersWarm = await load(ordersPage, `${origin}/orders`, ordersReady);
    results.push({ name: '/orders', cold: ordersCold, warm: ordersWarm });
    return results;
  } finally {
    await browser.close().catch(() => undefined);
    await client.end().catch(() => undefined);
    await Promise.all(processes.map((p) => stopProcess(p)));
    await ns.cleanup();
    await s3.close();
    await db.drop();
  }
}

async function main(): Promise<void> {
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

  if (process.env.BENCH_WEB_BROWSER === '0') return;
  if (!existsSync('/usr/bin/chromium')) {
    process.stdout.write('\nno /usr/bin/chromium: what a browser transfers is not measured (apt-get install -y chromium)\n');
    return;
  }
  const started = Date.now();
  const loads = await measureTransfer(dist);
  const kbOf = (t: Transfer) => `${kb(t.bytes).padStart(9)} (${String(t.requests).padStart(2)} responses${t.pictures ? `, pictures ${kb(t.pictures)}` : ''})`;
  process.stdout.write(`\nTransferred by chromium (encodedDataLength of every response: headers and bodies as sent, compressed), ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  for (const l of loads) process.stdout.write(`  ${`${l.name}:`.padEnd(10)} cold ${kbOf(l.cold)}   warm ${kbOf(l.warm)}\n`);
}

if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
