import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * Single-machine mode: the gateway also serves the built web app. Files are served as they
 * are (hashed assets cached for a year); any other GET outside /api that asks for HTML gets
 * index.html, so client-side routes survive a reload.
 */
export function serveWebApp(app: INestApplication, dist: string): boolean {
  const root = resolve(dist);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  app.use(
    express.static(root, {
      index: false,
      setHeaders: (res, path) => {
        if (path.includes(`${join(root, 'assets')}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api') && req.accepts('html')) {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
      return;
    }
    next();
  });
  return true;
}
