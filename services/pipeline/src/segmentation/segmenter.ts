import type { Raster } from '../imaging/raster';

export const SEGMENTER_KINDS = ['classical', 'onnx', 'http'] as const;
export type SegmenterKind = (typeof SEGMENTER_KINDS)[number];

/**
 * Tells the car from its background. Given an upright RGB picture (small: the long side is
 * PIPELINE_SEGMENT_SIZE or the model's input size), answers a 1-channel mask of the same
 * size: 255 = car, 0 = background, values between for soft edges. Implementations are chosen
 * by PIPELINE_SEGMENTER; an error thrown here is treated as transient (the job is retried).
 */
export interface Segmenter {
  readonly kind: SegmenterKind;
  segment(image: Raster): Promise<Raster>;
  close(): Promise<void>;
}

/** Nest injection token of the configured segmenter. */
export const SEGMENTER = Symbol('SEGMENTER');
