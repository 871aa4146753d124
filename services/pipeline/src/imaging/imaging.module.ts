import { SERVICE_CONFIG } from '@app/service-kit';
import { StorageService } from '@app/storage';
import { Module } from '@nestjs/common';
import type { PipelineConfig } from '../pipeline.config';
import { ImageRenderer } from './image-renderer';
import { PipelineFiles } from './pipeline-files';
import { MediaLibrary } from './media-library';

/** sharp (decoding, scaling, encoding) and the pipeline's S3 objects. */
@Module({
  providers: [
    {
      provide: ImageRenderer,
      inject: [SERVICE_CONFIG],
      useFactory: (c: PipelineConfig) => new ImageRenderer({ maxInputPixels: c.PIPELINE_MAX_INPUT_PIXELS, vipsThreads: c.PIPELINE_VIPS_THREADS }),
    },
    {
      provide: PipelineFiles,
      inject: [StorageService, SERVICE_CONFIG],
      useFactory: (storage: StorageService, c: PipelineConfig) => new PipelineFiles(storage, c.PIPELINE_MAX_INPUT_BYTES),
    },
    {
      provide: MediaLibrary,
      inject: [PipelineFiles, ImageRenderer, SERVICE_CONFIG],
      useFactory: (files: PipelineFiles, imaging: ImageRenderer, c: PipelineConfig) =>
        new MediaLibrary(files, imaging, c.PIPELINE_MEDIA_CACHE_MB * 1024 * 1024),
    },
  ],
  exports: [ImageRenderer, PipelineFiles, MediaLibrary],
})
export class ImagingModule {}
