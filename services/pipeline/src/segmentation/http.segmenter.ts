import type { ImageRenderer } from '../imaging/image-renderer';
import type { Raster } from '../imaging/raster';
import type { Segmenter } from './segmenter';

/**
 * An external segmentation service: the picture is POSTed as a PNG (`Content-Type:
 * image/png`); the answer is an image of any size whose alpha channel (a cut-out) or,
 * without alpha, whose brightness (white = car) is the mask. Errors and timeouts throw, so
 * the job is retried and, when the service stays down, ends in the dead-letter stream with
 * the service's answer as the reason.
 */
export class HttpSegmenter implements Segmenter {
  readonly kind = 'http' as const;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly imaging: ImageRenderer,
  ) {}

  async segment(image: Raster): Promise<Raster> {
    const body = await this.imaging.encodePng(image);
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        body: new Uint8Array(body),
        headers: { 'content-type': 'image/png', accept: 'image/png, image/*' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const why = e.name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : (e.cause?.code ?? e.message);
      throw new Error(`The segmentation service could not be reached (${why}).`);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new Error(`The segmentation service answered HTTP ${res.status}.`);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    try {
      return await this.imaging.decodeMask(bytes, image.width, image.height);
    } catch (err) {
      throw new Error(`The segmentation service answered something that is not a mask image (${(err as Error).message}).`);
    }
  }

  async close(): Promise<void> {}
}
