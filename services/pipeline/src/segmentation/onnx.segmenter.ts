import { existsSync } from 'node:fs';
import type * as Ort from 'onnxruntime-node';
import type { ImageRenderer } from '../imaging/image-renderer';
import type { Raster } from '../imaging/raster';
import type { Segmenter } from './segmenter';

export interface OnnxSegmenterOptions {
  /** per channel (R, G, B) normalisation of 0..1 values: (v - mean) / std */
  mean: [number, number, number];
  std: [number, number, number];
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
/** dynamic model sides are rounded to a multiple of this (what most segmentation nets need) */
const SIDE_STEP = 32;

/**
 * A segmentation model (U^2-Net, IS-Net, BiRefNet and the like) run with onnxruntime on the
 * CPU, one thread per worker. The model takes one float32 input [1, 3, H, W] (RGB, planar,
 * normalised with PIPELINE_ONNX_MEAN / _STD) and gives one output whose last two dimensions
 * are the mask, as probabilities (0..1) or as logits (a sigmoid is applied when any value
 * lies outside 0..1). A model with a fixed H x W gets the picture scaled to that size; a
 * dynamic one gets it at PIPELINE_SEGMENT_SIZE.
 */
export class OnnxSegmenter implements Segmenter {
  readonly kind = 'onnx' as const;

  private constructor(
    private readonly ort: typeof Ort,
    private readonly session: Ort.InferenceSession,
    private readonly inputName: string,
    private readonly outputName: string,
    private readonly fixedSize: { width: number; height: number } | null,
    private readonly opts: OnnxSegmenterOptions,
    private readonly imaging: ImageRenderer,
  ) {}

  /** Loads and checks the model; throws a message naming the problem (the service refuses to start). */
  static async load(path: string, opts: OnnxSegmenterOptions, imaging: ImageRenderer): Promise<OnnxSegmenter> {
    if (!existsSync(path)) throw new Error(`The ONNX model file ${path} does not exist (PIPELINE_ONNX_MODEL).`);
    // loaded only when configured: workers with another segmenter do not carry the runtime
    const ort = await import('onnxruntime-node');
    let session: Ort.InferenceSession;
    try {
      session = await ort.InferenceSession.create(path, {
        intraOpNumThreads: 1,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
      });
    } catch (err) {
      throw new Error(`The ONNX model ${path} cannot be loaded: ${(err as Error).message}`);
    }
    const input = session.inputMetadata[0];
    const output = session.outputMetadata[0];
    const problem = (what: string) => new Error(`The ONNX model ${path} does not fit the pipeline: ${what}.`);
    if (!input || !output) throw problem('it needs one input and one output');
    if (!input.isTensor || input.type !== 'float32') throw problem(`its input must be a float32 tensor`);
    const shape = input.shape;
    if (shape.length !== 4 || (typeof shape[1] === 'number' && shape[1] !== 3)) {
      throw problem(`its input must be [1, 3, height, width], not [${shape.join(', ')}]`);
    }
    const fixed = typeof shape[2] === 'number' && typeof shape[3] === 'number' && shape[2] > 0 && shape[3] > 0;
    return new OnnxSegmenter(
      ort,
      session,
      input.name,
      output.name,
      fixed ? { height: shape[2] as number, width: shape[3] as number } : null,
      opts,
      imaging,
    );
  }

  async segment(image: Raster): Promise<Raster> {
    const round = (v: number) => Math.max(SIDE_STEP, Math.round(v / SIDE_STEP) * SIDE_STEP);
    const width = this.fixedSize?.width ?? round(image.width);
    const height = this.fixedSize?.height ?? round(image.height);
    const scaled = await this.imaging.resize(image, width, height);

    // pre-processing: interleaved RGB bytes -> planar normalised float32
    const plane = width * height;
    const input = new Float32Array(3 * plane);
    const { mean, std } = this.opts;
    for (let i = 0, j = 0; i < plane; i++, j += 3) {
      input[i] = (scaled.data[j] / 255 - mean[0]) / std[0];
      input[plane + i] = (scaled.data[j + 1] / 255 - mean[1]) / std[1];
      input[2 * plane + i] = (scaled.data[j + 2] / 255 - mean[2]) / std[2];
    }
    const results = await this.session.run({ [this.inputName]: new this.ort.Tensor('float32', input, [1, 3, height, width]) });
    const out = results[this.outputName];
    const dims = out.dims;
    const oh = Number(dims[dims.length - 2]);
    const ow = Number(dims[dims.length - 1]);
    const values = out.data as Float32Array;
    if (!oh || !ow || values.length < oh * ow) throw new Error(`the model answered a tensor of shape [${dims.join(', ')}], not a mask`);

    // post-processing: the first mask plane, as probabilities, to bytes, at the picture's size
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < oh * ow; i++) {
      if (values[i] < min) min = values[i];
      if (values[i] > max) max = values[i];
    }
    const logits = min < -0.001 || max > 1.001;
    const mask = Buffer.allocUnsafe(oh * ow);
    for (let i = 0; i < oh * ow; i++) {
      const p = logits ? sigmoid(values[i]) : values[i];
      mask[i] = Math.round(Math.min(1, Math.max(0, p)) * 255);
    }
    return this.imaging.resize({ data: mask, width: ow, height: oh, channels: 1 }, image.width, image.height);
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
