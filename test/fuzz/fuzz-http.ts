import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestStack } from '../support';
import type { Answer } from './response-checker';
import type { FuzzRequest } from './bad-input';

/**
 * Sends a request exactly as given (raw path, raw body, any content type or none) to the
 * gateway of a test stack, and times it to the last byte of the answer. Plain `http`, not
 * supertest: supertest would encode the path, set a content type and serialise the body.
 */
export function sendRaw(stack: TestStack, req: FuzzRequest, accessToken?: string): Promise<Answer & { raw: string }> {
  const { port } = stack.gateway.getHttpServer().address() as AddressInfo;
  const headers: Record<string, string | number> = { ...req.headers };
  if (req.contentType) headers['content-type'] = req.contentType;
  if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
  if (accessToken && headers.authorization === undefined) headers.authorization = `Bearer ${accessToken}`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const r = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const ms = performance.now() - started;
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: unknown = raw;
        if ((res.headers['content-type'] ?? '').includes('json')) {
          try {
            body = JSON.parse(raw);
          } catch {
            body = raw;
          }
        }
        resolve({ status: res.statusCode ?? 0, body, ms, raw });
      });
    });
    r.on('error', reject);
    r.setTimeout(30_000, () => r.destroy(new Error(`no answer in 30 s to ${req.method} ${req.url.slice(0, 200)}`)));
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** How to send the same request again, by hand: method, URL, headers and the start of the body. */
export function describeRequest(req: FuzzRequest): string {
  const url = req.url.length > 300 ? `${req.url.slice(0, 300)}… (${req.url.length} characters)` : req.url;
  const headers = { ...(req.contentType ? { 'content-type': req.contentType } : {}), ...req.headers };
  const body = req.body === undefined ? '' : ` body ${req.body.length > 300 ? `${req.body.slice(0, 300)}… (${req.body.length} characters)` : req.body}`;
  return `${req.method} ${url} ${JSON.stringify(headers)}${body}`;
}
