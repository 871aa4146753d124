import type { PipelineOutputKeys } from '@app/contracts';
import type { StorageService } from '@app/storage';
import { JobFailure } from '../jobs/job-failure';

/** The pipeline's S3 access: originals in, style-guide media in, outputs out (fixed keys). */
export class PipelineFiles {
  constructor(
    private readonly storage: StorageService,
    private readonly maxInputBytes: number,
  ) {}

  /**
   * The original's bytes. Missing, empty and oversized objects fail the job with a reason;
   * a storage outage throws as usual (the job is retried).
   */
  async readSource(key: string): Promise<Buffer> {
    const stat = await this.storage.head(key);
    if (!stat) throw new JobFailure('source-missing', 'The original image is not in storage (it was never uploaded or has been deleted).');
    if (stat.size === 0) throw new JobFailure('source-empty', 'The original file is empty (0 bytes).');
    if (stat.size > this.maxInputBytes) {
      throw new JobFailure('source-too-large', `The original file is ${stat.size} bytes; at most ${this.maxInputBytes} bytes are accepted.`);
    }
    // one buffer of the announced size, filled as the object streams in (no second copy)
    const bytes = Buffer.allocUnsafe(stat.size);
    let filled = 0;
    for await (const chunk of await this.storage.get(key)) {
      const c = chunk as Buffer;
      if (filled + c.length > bytes.length) throw new Error(`the original ${key} is longer than its announced ${stat.size} bytes`);
      c.copy(bytes, filled);
      filled += c.length;
    }
    if (filled !== bytes.length) throw new Error(`the original ${key} ended after ${filled} of ${stat.size} bytes`);
    return bytes;
  }

  /** A medium's bytes, or null when the object does not exist (or is empty). */
  async readMedium(key: string): Promise<Buffer | null> {
    const stat = await this.storage.head(key);
    if (!stat || stat.size === 0) return null;
    if (stat.size > this.maxInputBytes) throw new JobFailure('medium-missing', `The style-guide medium ${key} is too large to use (${stat.size} bytes).`);
    return this.storage.getBuffer(key);
  }

  /** Writes the outputs (and the list's picture when there is one); a redelivered job writes the same keys again (overwrites). */
  async writeOutputs(keys: PipelineOutputKeys, optimized: Buffer, thumb: Buffer, listThumb: { key: string; bytes: Buffer } | null = null): Promise<void> {
    await Promise.all([
      this.storage.put(keys.optimized, optimized, 'image/jpeg'),
      this.storage.put(keys.thumb, thumb, 'image/jpeg'),
      ...(listThumb ? [this.storage.put(listThumb.key, listThumb.bytes, 'image/jpeg')] : []),
    ]);
  }
}
