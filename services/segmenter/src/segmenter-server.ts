import { listenOn, METRICS, Metrics, Readiness } from '@app/ops';
import type { Picture } from '@app/segmentation';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import sharp from 'sharp';

/** What the server needs of the network: a mask (1 channel, 255 = car) at the picture's size. */
export interface MaskRunner {
  run(picture: Picture): Promise<Picture>;
}

export interface SegmenterServerOptions {
  /** names the model in the answer's X-Segmenter-Model header and the logs */
  modelName: string;
  /** pictures waiting behind the one being segmented; one more gets 503 */
  queue: number;
  /** false while the model loads: pictures get 503 (retry) rather than an error */
  isReady: () => boolean;
  maxPixels: number;
  maxBytes: number;
}

const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly outcome: 'refused' | 'busy' = 'refused',
  ) {
    super(message);
  }
}

/**
 * The segmenter's HTTP API, one port:
 * - `POST /segment`: a picture (PNG, JPEG or WebP) in, its mask out as a 1-channel PNG of the
 *   same size (white = car). One picture is segmented at a time (the network uses the
 *   process's core); up to `queue` more wait; one more is answered 503 with `Retry-After`,
 *   which the pipeline's `http` segmenter treats as a failed attempt and retries. 400 for a body
 *   that is no picture, 413 for one too large, 415 for another content type.
 * - `GET /health/live`, `GET /health/ready` (503 until the model is loaded and warmed up, and
 *   from the moment the process is asked to stop), `GET /metrics`.
 */
export class SegmenterServer {
  private server: Server | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private busy = false;
  /** the /segment requests in hand, from their first byte to their answer */
  private readonly inHand = new Set<Promise<void>>();
  private readonly requests;
  private readonly seconds;

  constructor(
    private readonly runner: MaskRunner,
    private readonly opts: SegmenterServerOptions,
    private readonly readiness: Readiness,
    private readonly metrics: Metrics,
    private readonly logger: Logger,
  ) {
    this.requests = metrics.counter(METRICS.segmenterRequestsTotal);
    this.seconds = metrics.histogram(METRICS.segmenterInferenceSeconds);
    metrics.gauge(METRICS.segmenterQueued, (g) => g.set(this.waiting));
  }

  async listen(port: number, host: string): Promise<number> {
    const server = createServer((req, res) => void this.answer(req, res));
    server.requestTimeout = 120_000;
    // one picture per connection: a Service (kube-proxy) balances connections, not requests,
    // so a replica added under load gets pictures at once; a connection costs nothing beside
    // a second of network time
    server.maxRequestsPerSocket = 1;
    const bound = await listenOn(server, port, host);
    this.server = server;
    return bound;
  }

  /** Stops taking requests (readiness says so first) and resolves when the pictures in hand are done. */
  async close(): Promise<void> {
    this.readiness.shuttingDown();
    const server = this.server;
    this.server = null;
    if (server) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.allSettled([...this.inHand]);
      await closed;
    }
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    try {
      if (path === '/segment') {
        if (req.method !== 'POST') throw new Refusal(405, 'POST a picture to /segment.');
        const handling = this.segment(req, res);
        this.inHand.add(handling);
        try {
          return await handling;
        } finally {
          this.inHand.delete(handling);
        }
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new Refusal(405, `${req.method} is not answered on ${path}.`);
      if (path === '/health/live') return send(res, 200, { service: 'segmenter', status: 'up' });
      if (path === '/health/ready') {
        const report = await this.readiness.report();
        return send(res, report.ready ? 200 : 503, { service: 'segmenter', model: this.opts.modelName, ...report });
      }
      if (path === '/metrics') return send(res, 200, await this.metrics.text(), this.metrics.registry.contentType);
      throw new Refusal(404, `Nothing is served at ${path}: POST /segment, GET /health/live, /health/ready, /metrics.`);
    } catch (err) {
      if (err instanceof Refusal) {
        if (path === '/segment') this.requests.inc({ outcome: err.outcome });
        if (err.status === 503) res.setHeader('retry-after', '1');
        return send(res, err.status, { statusCode: err.status, message: err.message });
      }
      this.requests.inc({ outcome: 'error' });
      this.logger.error({ err }, 'segmentation failed');
      return send(res, 500, { statusCode: 500, message: `The segmentation failed: ${(err as Error).message}` });
    }
  }

  private async segment(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.readiness.isShuttingDown) throw new Refusal(503, 'The segmenter is stopping; another replica takes the picture.', 'busy');
    if (!this.opts.isReady()) throw new Refusal(503, 'The segmenter is loading its model; retry.', 'busy');
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!ACCEPTED_TYPES.includes(type)) throw new Refusal(415, `Send the picture as ${ACCEPTED_TYPES.join(', ')}, not "${type || 'no content type'}".`);
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > this.opts.maxBytes) throw new Refusal(413, `The picture has ${declared} bytes; at most ${this.opts.maxBytes} are taken.`);
    if (this.waiting + (this.busy ? 1 : 0) > this.opts.queue) {
      req.resume();
      throw new Refusal(503, `The segmenter is busy (${this.waiting} pictures waiting); retry.`, 'busy');
    }
    // the picture holds its place in the queue while its bytes arrive
    this.waiting++;
    let picture: Picture;
    try {
      picture = await this.decode(await readBody(req, this.opts.maxBytes));
    } catch (err) {
      this.waiting--;
      throw err;
    }
    const started = Date.now();
    const mask = await this.queued(() => this.runner.run(picture));
    const png = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } })
      .toColourspace('b-w')
      .png({ compressionLevel: 1 })
      .toBuffer();
    this.requests.inc({ outcome: 'ok' });
    res.setHeader('x-segmenter-model', this.opts.modelName);
    res.setHeader('server-timing', `segment;dur=${Date.now() - started}`);
    send(res, 200, png, 'image/png');
  }

  private async decode(body: Buffer): Promise<Picture> {
    try {
      const { data, info } = await sharp(body, { limitInputPixels: this.opts.maxPixels, failOn: 'error' })
        .rotate()
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, channels: 3 };
    } catch (err) {
      const message = (err as Error).message;
      if (/pixel limit/i.test(message)) throw new Refusal(413, `The picture is larger than ${this.opts.maxPixels} pixels.`);
      throw new Refusal(400, `The body is not a picture that can be read (${message}).`);
    }
  }

  /** Runs `work` after the pictures ahead of it, one at a time (its place in `waiting` is taken already). */
  private queued<T>(work: () => Promise<T>): Promise<T> {
    const result = this.running.catch(() => undefined).then(async () => {
      this.waiting--;
      this.busy = true;
      const end = this.seconds.startTimer();
      try {
        return await work();
      } finally {
        end();
        this.busy = false;
      }
    });
    this.running = result;
    return result;
  }
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.destroy();
        reject(new Refusal(413, `The picture has more than ${maxBytes} bytes.`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: string | Buffer | Record<string, unknown>, contentType?: string): void {
  if (res.headersSent) return;
  const payload = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body) : Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': contentType ?? (Buffer.isBuffer(body) ? 'application/octet-stream' : typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json'),
    'content-length': payload.length,
  });
  res.end(res.req.method === 'HEAD' ? undefined : payload);
}
