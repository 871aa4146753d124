import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsUUID } from 'class-validator';
import { defineRpc } from '../rpc';
import type { Mirror } from '../mirror';
import {
  TEST_PIPELINE_MAX_IMAGES,
  type ImageVersionView,
  type TestPipelineRequest,
  type TestPipelineResult,
  type TestPipelineRunView,
} from '../wire';

/** `GET /images/{id}/versions` */
export class ImageVersionsPayload {
  @IsUUID() id!: string;
}

/** `POST /images/{id}/versions/{versionId}/restore` */
export class RestoreImageVersionPayload {
  @IsUUID() id!: string;
  @IsUUID() versionId!: string;
}

/** `POST /appSettings/sendImagesToTestPipeline` */
export class TestPipelineBody implements TestPipelineRequest {
  @ApiProperty({ type: [String], minItems: 1, maxItems: TEST_PIPELINE_MAX_IMAGES, description: 'image ids' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(TEST_PIPELINE_MAX_IMAGES)
  @IsUUID('all', { each: true })
  imageIds!: string[];
}

/** `GET /appSettings/testPipelineResults/{orderId}` */
export class TestPipelineResultsPayload {
  @IsUUID() orderId!: string;
}

/** the test-pipeline body is the wire request (exported: the web reaches this file through its route) */
export type TestPipelineBodiesMirrored = [Mirror<TestPipelineBody, TestPipelineRequest>];

/** The versions of an image's picture (subjects are a public API). */
export const ImageVersionsRpc = {
  list: defineRpc<ImageVersionsPayload, ImageVersionView[]>('images', 'images.versions.list', ImageVersionsPayload),
  restore: defineRpc<RestoreImageVersionPayload, ImageVersionView[]>('images', 'images.versions.restore', RestoreImageVersionPayload),
  testPipeline: defineRpc<TestPipelineBody, TestPipelineResult>('images', 'images.versions.test-pipeline', TestPipelineBody),
  testResults: defineRpc<TestPipelineResultsPayload, TestPipelineRunView[]>('images', 'images.versions.test-results', TestPipelineResultsPayload),
};
