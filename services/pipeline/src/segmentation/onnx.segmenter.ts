import { MaskModel, type MaskModelOptions } from '@app/segmentation';
import type { Raster } from '../imaging/raster';
import type { Segmenter } from './segmenter';

export type OnnxSegmenterOptions = Pick<MaskModelOptions, 'mean' | 'std' | 'side' | 'dynamicSide'>;

/**
 * A segmentation model run inside the worker with onnxruntime on the CPU, one thread per
 * worker (`MaskModel`): for a model whose licence lets it be part of the worker. The model
 * takes one float32 input [1, 3, H, W] (RGB, planar, normalised with PIPELINE_ONNX_MEAN /
 * _STD) and gives one output whose last two dimensions are the mask. A model with a fixed
 * H x W gets the picture scaled to that size; a dynamic one gets it at PIPELINE_SEGMENT_SIZE.
 */
export class OnnxSegmenter implements Segmenter {
  readonly kind = 'onnx' as const;

  private constructor(private readonly model: MaskModel) {}

  /** Loads and checks the model; throws a message naming the problem (the service refuses to start). */
  static async load(path: string, opts: OnnxSegmenterOptions): Promise<OnnxSegmenter> {
    return new OnnxSegmenter(await MaskModel.load(path, { ...opts, threads: 1 }, 'PIPELINE_ONNX_MODEL'));
  }

  async segment(image: Raster): Promise<Raster> {
    return (await this.model.run(image)) as Raster;
  }

  async close(): Promise<void> {
    await this.model.release();
  }
}
