import { SEGMENTER_HEALTH, type SegmenterHealth } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { SegmenterHealthProbe } from './segmenter-health';

/** `health.pipeline.segmenter`: the segmentation network of the AI routes, for the gateway's health route. */
@Controller()
export class SegmenterHealthController {
  constructor(private readonly probe: SegmenterHealthProbe) {}

  @RpcHandler(SEGMENTER_HEALTH)
  health(): Promise<SegmenterHealth> {
    return this.probe.check();
  }
}
