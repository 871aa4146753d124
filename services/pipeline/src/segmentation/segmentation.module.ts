import { SERVICE_CONFIG } from '@app/service-kit';
import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ImagingModule } from '../imaging/imaging.module';
import { ImageRenderer } from '../imaging/image-renderer';
import type { PipelineConfig } from '../pipeline.config';
import { ClassicalSegmenter } from './classical.segmenter';
import { HttpSegmenter } from './http.segmenter';
import { OnnxSegmenter } from './onnx.segmenter';
import { SEGMENTER, type Segmenter } from './segmenter';

const triple = (s: string): [number, number, number] => s.split(',').map((v) => Number(v.trim())) as [number, number, number];

/** The segmenter chosen by PIPELINE_SEGMENTER; an ONNX model is loaded (and checked) at boot. */
export async function createSegmenter(config: PipelineConfig, imaging: ImageRenderer): Promise<Segmenter> {
  switch (config.PIPELINE_SEGMENTER) {
    case 'onnx':
      return OnnxSegmenter.load(config.PIPELINE_ONNX_MODEL!, { mean: triple(config.PIPELINE_ONNX_MEAN), std: triple(config.PIPELINE_ONNX_STD) });
    case 'http':
      return new HttpSegmenter(config.PIPELINE_SEGMENTER_URL!, config.PIPELINE_SEGMENTER_TIMEOUT_MS, imaging);
    case 'classical':
      return new ClassicalSegmenter();
  }
}

@Module({
  imports: [ImagingModule],
  providers: [
    {
      provide: SEGMENTER,
      inject: [SERVICE_CONFIG, ImageRenderer],
      useFactory: createSegmenter,
    },
  ],
  exports: [SEGMENTER],
})
export class SegmentationModule implements OnApplicationShutdown {
  constructor(@Inject(SEGMENTER) private readonly segmenter: Segmenter) {}

  async onApplicationShutdown(): Promise<void> {
    await this.segmenter.close();
  }
}
