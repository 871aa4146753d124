import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const VALID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives every request an id (the caller's `x-request-id` when sane), echoed in the response. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const given = req.header('x-request-id');
  const id = given && VALID.test(given) ? given : randomUUID();
  (req as Request & { id: string }).id = id;
  res.setHeader('x-request-id', id);
  next();
}

export function requestIdOf(req: Request): string {
  return (req as Request & { id?: string }).id ?? randomUUID();
}
