import { JobFailure } from '../jobs/job-failure';
import type { ImageRenderer, MediumFit } from './image-renderer';
import type { PipelineFiles } from './pipeline-files';
import type { Raster } from './raster';

/** What a medium is for, as the QA screens should name it. */
export type MediumRole = 'logo' | 'background' | 'floor' | 'featured image' | 'overlay' | 'number plate';

interface Entry {
  raster: Promise<Raster>;
  bytes: number;
}

/**
 * Style-guide media decoded and fitted to the size a job needs, kept between jobs in a small
 * memory-bounded LRU: the images of an order share their style guide's background, floor
 * and logo. Media keys name immutable objects (a new upload gets a new media id), so a cached
 * copy never goes stale. Callers must not draw on a returned raster (copy it first).
 */
export class MediaLibrary {
  private readonly entries = new Map<string, Entry>();
  private used = 0;

  constructor(
    private readonly files: PipelineFiles,
    private readonly imaging: ImageRenderer,
    private readonly budgetBytes: number,
  ) {}

  async get(role: MediumRole, key: string, width: number, height: number, fit: MediumFit, alpha: boolean): Promise<Raster> {
    const id = `${key}|${width}x${height}|${fit}|${alpha ? 'a' : ''}`;
    const hit = this.entries.get(id);
    if (hit) {
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.raster;
    }
    const entry: Entry = { raster: this.load(role, key, width, height, fit, alpha), bytes: 0 };
    this.entries.set(id, entry);
    try {
      const raster = await entry.raster;
      entry.bytes = raster.data.length;
      this.used += entry.bytes;
      this.evict();
      return raster;
    } catch (err) {
      this.entries.delete(id);
      throw err;
    }
  }

  private async load(role: MediumRole, key: string, width: number, height: number, fit: MediumFit, alpha: boolean): Promise<Raster> {
    const bytes = await this.files.readMedium(key);
    if (!bytes) throw new JobFailure('medium-missing', `The style guide's ${role} (${key}) is missing from storage.`);
    try {
      return await this.imaging.decodeMedium(bytes, width, height, fit, alpha);
    } catch (err) {
      throw new JobFailure('medium-missing', `The style guide's ${role} (${key}) cannot be read as an image: ${(err as Error).message}.`);
    }
  }

  private evict(): void {
    for (const [id, entry] of this.entries) {
      if (this.used <= this.budgetBytes) break;
      if (entry.bytes === 0) continue; // still loading
      this.entries.delete(id);
      this.used -= entry.bytes;
    }
  }
}
