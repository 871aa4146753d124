import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A stand-in for an external segmentation service: it answers a PNG mask of the red parts
 * of the posted picture (the test car's body). It can be told to fail (HTTP 500) or to hold
 * requests until released (a worker can then be killed in the middle of a job).
 */
export interface SegmentationServer {
  url: string;
  /** requests received so far */
  requests: number;
  mode: 'ok' | 'fail' | 'hold';
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

export async function startSegmentationServer(): Promise<SegmentationServer> {
  const holding: Array<{ path: string; answer: () => void }> = [];
  let onHeld: ((path: string) => void) | null = null;
  const state = { requests: 0, mode: 'ok' as SegmentationServer['mode'], holdOne: false };
  const server = http.createServer((req, res) => {
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
    get mode() {
      return state.mode;
    },
    set mode(m) {
      state.mode = m;
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
