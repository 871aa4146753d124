/**
 * The web app's files, compressed once at build time (`npm run build:web`, a plugin in
 * web/vite.config.ts): next to each text file of the build (JavaScript, CSS, HTML, SVG, JSON)
 * a `.br` (brotli, best quality) and a `.gz` (gzip level 9), written only when smaller than
 * the file. The gateway serves them by the request's Accept-Encoding (gateway/src/web-app.ts),
 * so no CPU is spent compressing per request and the bytes users receive are these.
 *
 *   node dist/scripts/precompress-web.js [web/dist]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** extensions worth compressing; pictures, fonts (woff2) and source maps are left as they are */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

/** smaller files gain less than a packet */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotli: number;
  gzip: number;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `file.br` and `file.gz` beside every compressible file of `dist`; answers the totals. */
export function precompressDirectory(dist: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const path of walk(resolve(dist))) {
    if (!PRECOMPRESSED_EXTENSIONS.has(extname(path))) continue;
    if (statSync(path).size < MIN_BYTES) continue;
    const raw = readFileSync(path);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    const gz = gzipSync(raw, { level: 9 });
    result.files += 1;
    result.bytes += raw.length;
    if (br.length < raw.length) {
      writeFileSync(`${path}.br`, br);
      result.brotli += br.length;
    }
    if (gz.length < raw.length) {
      writeFileSync(`${path}.gz`, gz);
      result.gzip += gz.length;
    }
  }
  return result;
}

// run as a script (the vite config imports it as a module, where `require` may not exist)
if (typeof require !== 'undefined' && require.main === module) {
  const dist = resolve(process.argv[2] ?? join(__dirname, '..', '..', 'web', 'dist'));
  const r = precompressDirectory(dist);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  process.stdout.write(`precompressed ${r.files} files of ${dist}: ${kb(r.bytes)} raw, ${kb(r.brotli)} brotli, ${kb(r.gzip)} gzip\n`);
}
