import { ImageVersionsRpc, type ImageVersionsPayload, type RestoreImageVersionPayload, type RpcEnvelope, type TestPipelineBody, type TestPipelineResultsPayload } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ImageVersionsService } from './image-versions.service';

@Controller()
export class ImageVersionsMessagesController {
  constructor(private readonly versions: ImageVersionsService) {}

  @RpcHandler(ImageVersionsRpc.list)
  list(@Payload() { actor, data }: RpcEnvelope<ImageVersionsPayload>) {
    return this.versions.list(actor, data.id);
  }

  @RpcHandler(ImageVersionsRpc.restore)
  restore(@Payload() { actor, data }: RpcEnvelope<RestoreImageVersionPayload>) {
    return this.versions.restore(actor, data);
  }

  @RpcHandler(ImageVersionsRpc.testPipeline)
  testPipeline(@Payload() { actor, data }: RpcEnvelope<TestPipelineBody>) {
    return this.versions.testPipeline(actor, data);
  }

  @RpcHandler(ImageVersionsRpc.testResults)
  testResults(@Payload() { actor, data }: RpcEnvelope<TestPipelineResultsPayload>) {
    return this.versions.testResults(actor, data.orderId);
  }
}
