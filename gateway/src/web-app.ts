import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';

/** hashed build files (`assets/name-hash.js`): a new build gives them new names */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: checked with the server before each use */
const REVALIDATE = 'no-cache';

/** A file of the build with the compressed copies made beside it (scripts/precompress-web.ts). */
interface BuiltFile {
  path: string;
  br: boolean;
  gzip: boolean;
  cacheControl: string;
}

/** The build's files that have a `.br` or `.gz` copy, by URL path, read once at start. */
function precompressedFiles(root: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const visit = (dir: string) => {
    const names = new Set(readdirSync(dir));
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) {
        const br = names.has(`${entry.name}.br`);
        const gzip = names.has(`${entry.name}.gz`);
        if (!br && !gzip) continue;
        const url = `/${relative(root, path).split(sep).join('/')}`;
        files.set(url, { path, br, gzip, cacheControl: url.startsWith('/assets/') ? IMMUTABLE : REVALIDATE });
      }
    }
  };
  visit(root);
  return files;
}

/**
 * The encoding to send: brotli or gzip, whichever the Accept-Encoding header weighs more,
 * brotli on a tie (its files are smaller), never one it weighs 0; identity without the header.
 */
export function pickEncoding(header: string | undefined, available: { br: boolean; gzip: boolean }): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    weights.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = available.br ? weight('br') : 0;
  const gzip = available.gzip ? weight('gzip') : 0;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/**
 * Sends a built file in the encoding the request accepts best (brotli, then gzip, else as it
 * is), with its own Content-Type, `Vary: Accept-Encoding` and its caching. `send` does the
 * rest: HEAD, Range (on the encoded bytes, as HTTP has it), ETag and Last-Modified.
 */
function sendBuilt(req: Request, res: Response, next: NextFunction, file: BuiltFile): void {
  const encoding = pickEncoding(req.headers['accept-encoding'], file);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', file.cacheControl);
  res.type(extname(file.path));
  const path = encoding === 'br' ? `${file.path}.br` : encoding === 'gzip' ? `${file.path}.gz` : file.path;
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.sendFile(path, { cacheControl: false, dotfiles: 'deny' }, (err) => {
    if (err && !res.headersSent) next(err);
  });
}

/**
 * Single-machine mode: the gateway also serves the built web app. Text files go out as the
 * build compressed them (brotli or gzip by Accept-Encoding, see sendBuilt); hashed assets are
 * cached for a year, index.html is revalidated; any other GET outside /api that asks for HTML
 * gets index.html, so client-side routes survive a reload.
 */
export function serveWebApp(app: INestApplication, dist: string): boolean {
  const root = resolve(dist);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  const built = precompressedFiles(root);
  const indexFile: BuiltFile = built.get('/index.html') ?? { path: index, br: false, gzip: false, cacheControl: REVALIDATE };
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = built.get(req.path);
    if (file) return sendBuilt(req, res, next, file);
    next();
  });
  app.use(
    express.static(root, {
      index: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', path.startsWith(join(root, 'assets') + sep) ? IMMUTABLE : REVALIDATE);
      },
    }),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api') && req.accepts('html')) {
      sendBuilt(req, res, next, indexFile);
      return;
    }
    next();
  });
  return true;
}
