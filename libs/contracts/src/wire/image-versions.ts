/**
 * Every version of an image's picture is kept (docs/images.md, "Versions"): what it is.
 * - `original`: the photo as accepted at upload (or inserted by QA to be processed)
 * - `pipeline`: a result of the pipeline (the first processing or a repush)
 * - `replacement`: a finished picture QA put in place of the optimized one
 * - `insert`: a finished picture QA inserted on the order
 * - `restore`: an earlier version made the current picture again
 * - `test`: a result of the test pipeline; kept beside the current picture, never replacing it
 */
export const IMAGE_VERSION_KINDS = ['original', 'pipeline', 'replacement', 'insert', 'restore', 'test'] as const;
export type ImageVersionKind = (typeof IMAGE_VERSION_KINDS)[number];

/** Why a version was made. */
export const IMAGE_VERSION_REASONS = ['upload', 'processing', 'repush', 'replace', 'insert', 'restore', 'test-pipeline'] as const;
export type ImageVersionReason = (typeof IMAGE_VERSION_REASONS)[number];

/** at most this many pictures go to the test pipeline in one request */
export const TEST_PIPELINE_MAX_IMAGES = 100;


/** `POST /appSettings/sendImagesToTestPipeline` */
export interface TestPipelineRequest {
  imageIds: string[];
}

/** Where a picture's latest test run is: waiting for or in the pipeline, done, or failed. */
export const TEST_RUN_STATES = ['queued', 'completed', 'failed'] as const;
export type TestRunState = (typeof TEST_RUN_STATES)[number];

export const IMAGE_VERSION_MESSAGES = {
  notFound: 'Image version not found',
  notReady: 'This version has not been processed yet',
  processing: 'The picture is being processed; restore a version once the result is in',
} as const;
