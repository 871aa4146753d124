import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A stand-in for an external segmentation service: it answers a PNG mask of the red parts
 * of the posted picture (the test car's body). It can be told to fail (HTTP 500) or to hold
 * requests until released (a worker can then be killed in the middle of a job). Like the
 * segmenter service, it answers `GET /health/ready`: 200 naming its model, or 503 while
 * `ready` is false.
 */
export interface SegmentationServer {
  url: string;
  /** pictures received so far (readiness probes not counted) */
  requests: number;
  /** readiness probes received so far */
  probes: number;
  mode: 'ok' | 'fail' | 'hold';
  /** what `GET /health/ready` says: 200 when true, 503 (the model is loading) when false */
  ready: boolean;
  /** holds the next request only (the ones after it are answered) */
  holdNext(): void;
  /** resolves, with the request's path, when a request is being held */
  held(): Promise<string>;
  /** answers the held requests normally and goes back to 'ok' */
  release(): void;
  close(): Promise<void>;
}

export async function redMask(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const mask = Buffer.alloc(info.width * info.height);
  for (let i = 0, j = 0; i < mask.length; i++, j += 3) {
    const r = data[j];
    const g = data[j + 1];
    const b = data[j + 2];
    mask[i] = r > 100 && r > g * 1.6 && r > b * 1.6 ? 255 : 0;
  }
  return sharp(mask, { raw: { width: info.width, height: info.height, channels: 1 } }).png().toBuffer();
}

/** The model the stand-in names in its readiness answer. */
export const SEGMENTATION_SERVER_MODEL = 'red-parts@64';

export async function startSegmentationServer(): Promise<SegmentationServer> {
  const holding: Array<{ path: string; answer: () => void }> = [];
  let onHeld: ((path: string) => void) | null = null;
  const state = { requests: 0, probes: 0, mode: 'ok' as SegmentationServer['mode'], holdOne: false, ready: true };
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/health/ready') {
      state.probes++;
      const report = state.ready
        ? { ready: true, status: 'ready', checks: { model: 'ok' }, failing: [] }
        : { ready: false, status: 'not ready', checks: { model: 'the model is loading' }, failing: ['model'] };
      res.writeHead(state.ready ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ service: 'segmenter', model: SEGMENTATION_SERVER_MODEL, ...report }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.requests++;
      const answer = async () => {
        try {
          const mask = await redMask(Buffer.concat(chunks));
          res.writeHead(200, { 'content-type': 'image/png' });
          res.end(mask);
        } catch {
          res.writeHead(400);
          res.end('not a picture');
        }
      };
      if (state.mode === 'fail') {
        res.writeHead(500);
        res.end('segmentation model crashed');
      } else if (state.mode === 'hold' || state.holdOne) {
        state.holdOne = false;
        holding.push({ path: req.url ?? '', answer: () => void answer() });
        onHeld?.(req.url ?? '');
      } else {
        void answer();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/segment`,
    get requests() {
      return state.requests;
    },
    get probes() {
      return state.probes;
    },
    get mode() {
      return state.mode;
    },
    set mode(m) {
      state.mode = m;
    },
    get ready() {
      return state.ready;
    },
    set ready(r) {
      state.ready = r;
    },
    holdNext() {
      state.holdOne = true;
    },
    held: () =>
      new Promise<string>((resolve) => {
        if (holding.length) resolve(holding[0].path);
        else onHeld = resolve;
      }),
    release() {
      state.mode = 'ok';
      for (const h of holding.splice(0)) h.answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
