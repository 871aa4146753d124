import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import type * as Ort from 'onnxruntime-node';
import sharp from 'sharp';
import { prepareModelSide } from './model-side';

/** Pixels in memory, interleaved, 8 bits per sample (the pipeline's Raster has this shape). */
export interface Picture {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

export const EXECUTION_PROVIDERS = ['cpu', 'cuda'] as const;
export type ExecutionProvider = (typeof EXECUTION_PROVIDERS)[number];

export interface MaskModelOptions {
  /** per channel (R, G, B) normalisation of 0..1 values: (v - mean) / std */
  mean: [number, number, number];
  std: [number, number, number];
  /**
   * the side a model with a fixed square input runs at (its constants are rewritten,
   * `prepareModelSide`); its own side when not given
   */
  side?: number;
  /** the side of the picture a model with dynamic input is given (rounded to multiples of 32) */
  dynamicSide?: number;
  /** onnxruntime's intra-op threads (1: one core per process, scale with processes) */
  threads?: number;
  /** `cuda` runs on the GPU (onnxruntime's CUDA execution provider, with the CPU as fallback) */
  provider?: ExecutionProvider;
  /**
   * no memory arena and no planned buffers: each run allocates and frees its own, so the
   * process does not keep the arena's peak (a model run beside other work, in a worker whose
   * memory counts), at some CPU per run
   */
  lean?: boolean;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
/** dynamic model sides are rounded to a multiple of this (what most segmentation nets need) */
const SIDE_STEP = 32;

/**
 * A segmentation network (U^2-Net, IS-Net, BiRefNet and the like) run with onnxruntime. It
 * takes one float32 input [1, 3, H, W] (RGB, planar, normalised with `mean` / `std`) and gives
 * one output whose last two dimensions are the mask, as probabilities (0..1) or as logits (a
 * sigmoid is applied when any value lies outside 0..1). A model with a fixed H x W gets the
 * picture scaled to that size (the shape is not kept: the network sees the whole picture,
 * squeezed); a dynamic one gets it at `dynamicSide`. The mask comes back at the picture's size.
 *
 * One session per process, reused for every picture: its memory arena and planned buffers
 * are what make the second and later runs about twice as fast as the first (`warmUp`).
 */
export class MaskModel {
  private constructor(
    private readonly ort: typeof Ort,
    private readonly session: Ort.InferenceSession,
    private readonly inputName: string,
    private readonly outputName: string,
    /** the input's fixed size, or null for a dynamic model */
    readonly inputSize: { width: number; height: number } | null,
    private readonly opts: MaskModelOptions,
  ) {}

  /** Loads and checks the model; throws a message naming the problem (the process refuses to start). */
  static async load(path: string, opts: MaskModelOptions, setting?: string): Promise<MaskModel> {
    const what = 'The ONNX model';
    if (!existsSync(path)) throw new Error(`${what} file ${path} does not exist${setting ? ` (${setting})` : ''}.`);
    // loaded only when a model is configured: processes without one do not carry the runtime
    const ort = await import('onnxruntime-node');
    let prepared: Buffer;
    try {
      prepared = prepareModelSide(await readFile(path), opts.side).model;
    } catch (err) {
      throw new Error(`${what} ${path} cannot be loaded: ${(err as Error).message}.`);
    }
    let session: Ort.InferenceSession;
    try {
      session = await ort.InferenceSession.create(prepared, {
        intraOpNumThreads: opts.threads ?? 1,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
        executionProviders: opts.provider === 'cuda' ? ['cuda', 'cpu'] : ['cpu'],
        ...(opts.lean ? { enableCpuMemArena: false, enableMemPattern: false } : {}),
      });
    } catch (err) {
      throw new Error(`${what} ${path} cannot be loaded: ${(err as Error).message}`);
    }
    const input = session.inputMetadata[0];
    const output = session.outputMetadata[0];
    const problem = (why: string) => new Error(`${what} ${path} does not fit ${setting ? 'the pipeline' : 'a segmenter'}: ${why}.`);
    if (!input || !output) throw problem('it needs one input and one output');
    if (!input.isTensor || input.type !== 'float32') throw problem('its input must be a float32 tensor');
    const shape = input.shape;
    if (shape.length !== 4 || (typeof shape[1] === 'number' && shape[1] !== 3)) {
      throw problem(`its input must be [1, 3, height, width], not [${shape.join(', ')}]`);
    }
    const fixed = typeof shape[2] === 'number' && typeof shape[3] === 'number' && shape[2] > 0 && shape[3] > 0;
    return new MaskModel(ort, session, input.name, output.name, fixed ? { height: shape[2] as number, width: shape[3] as number } : null, opts);
  }

  /** The mask of an RGB picture (3 or 4 channels), 1 channel at the picture's size, 255 = object. */
  async run(picture: Picture): Promise<Picture> {
    const round = (v: number) => Math.max(SIDE_STEP, Math.round(v / SIDE_STEP) * SIDE_STEP);
    const dynamic = this.opts.dynamicSide ?? Math.max(picture.width, picture.height);
    const k = dynamic / Math.max(picture.width, picture.height);
    const width = this.inputSize?.width ?? round(picture.width * k);
    const height = this.inputSize?.height ?? round(picture.height * k);
    const scaled = await sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: picture.channels } })
      .removeAlpha()
      .resize(width, height, { fit: 'fill' })
      .raw()
      .toBuffer();

    // pre-processing: interleaved RGB bytes -> planar normalised float32
    const plane = width * height;
    const input = new Float32Array(3 * plane);
    const { mean, std } = this.opts;
    for (let c = 0; c < 3; c++) {
      const a = 1 / (255 * std[c]);
      const b = -mean[c] / std[c];
      const out = c * plane;
      for (let i = 0, j = c; i < plane; i++, j += 3) input[out + i] = scaled[j] * a + b;
    }
    const results = await this.session.run({ [this.inputName]: new this.ort.Tensor('float32', input, [1, 3, height, width]) }, [this.outputName]);
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
    out.dispose?.();
    if (ow === picture.width && oh === picture.height) return { data: mask, width: ow, height: oh, channels: 1 };
    // a smooth kernel: lanczos would ring around the mask's edge (faint halos in the background)
    const data = await sharp(mask, { raw: { width: ow, height: oh, channels: 1 } })
      .resize(picture.width, picture.height, { fit: 'fill', kernel: 'mitchell' })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    return { data, width: picture.width, height: picture.height, channels: 1 };
  }

  /**
   * Runs the model on a grey picture `times` times: onnxruntime plans its buffers and grows its
   * arena on the first runs, which take about twice as long as the later ones.
   */
  async warmUp(times = 2): Promise<void> {
    const w = this.inputSize?.width ?? this.opts.dynamicSide ?? 512;
    const h = this.inputSize?.height ?? this.opts.dynamicSide ?? 512;
    const grey: Picture = { data: Buffer.alloc(w * h * 3, 128), width: w, height: h, channels: 3 };
    for (let i = 0; i < times; i++) await this.run(grey);
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}
