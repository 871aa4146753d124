import type { PipelineJob } from '@app/contracts';
import type { PictureEdit } from '@app/storage';
import type { SourceImage } from '../imaging/raster';
import type { Quad } from '../plates/quad-geometry';
import type { JobOptions } from '../routes/job-options';

export interface StepTiming {
  step: string;
  ms: number;
}

/**
 * One job in progress: the job, its resolved options, the decoded original (replaced by a
 * straightened copy when the rotation fix runs) and the named steps with their timings.
 * Each finished step also tells JetStream the job is alive (a progress ack).
 */
export class JobContext {
  readonly timings: StepTiming[] = [];
  /** edits a step made that its name alone does not tell (the output's XMP lists them) */
  readonly edits = new Set<PictureEdit>();
  /** set by the `decode` step */
  source!: SourceImage;
  /** degrees the `straighten` step turned the picture (clockwise); 0 when it did not */
  turned = 0;
  /** the number plates masked (or to mask) on the picture, in `source` pixels; null when plates are left as they are */
  plates: Quad[] | null = null;

  constructor(
    readonly job: PipelineJob,
    readonly options: JobOptions,
    private readonly progress: () => void,
  ) {}

  get outW(): number {
    return this.job.settings.outputWidth;
  }

  get outH(): number {
    return this.job.settings.outputHeight;
  }

  /**
   * Lets go of the decoded original once the route no longer needs it (after the frame is
   * cut out), so its memory can be reclaimed while the job goes on.
   */
  releaseSource(): void {
    if (!this.source) return;
    this.source = { ...this.source, stored: { data: Buffer.alloc(0), width: 0, height: 0, channels: this.source.stored.channels } };
  }

  /** Runs one named step, timing it. */
  async step<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      this.timings.push({ step: name, ms: Math.round((performance.now() - started) * 10) / 10 });
      this.progress();
    }
  }
}
