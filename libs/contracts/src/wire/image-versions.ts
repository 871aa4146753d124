import type { Route } from './routes';

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

/** Who made a version; null for the system. */
export interface ImageVersionAuthor {
  id: string;
  displayName: string;
}

/** One version of an image's picture, with short-lived links. */
export interface ImageVersionView {
  id: string;
  imageId: string;
  kind: ImageVersionKind;
  reason: ImageVersionReason;
  /** the pipeline route that made it (pipeline and test versions) */
  route: Route | null;
  /** the job's settings: the category, the position's angle and the repush switches (pipeline and test versions) */
  settings: Record<string, unknown> | null;
  createdBy: ImageVersionAuthor | null;
  /** the version a restore brought back */
  restoredFromId: string | null;
  /** whether this is the image's optimized picture now */
  current: boolean;
  /** the picture, a short-lived link (null for an original seen by a dealership) */
  url: string | null;
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  fileSize: number | null;
  createdAt: string;
}

/** `POST /appSettings/sendImagesToTestPipeline` */
export interface TestPipelineRequest {
  imageIds: string[];
}

export interface TestPipelineResult {
  /** pictures sent to the test pipeline (those without an original are left out) */
  queued: number;
}

/** Where a picture's latest test run is: waiting for or in the pipeline, done, or failed. */
export const TEST_RUN_STATES = ['queued', 'completed', 'failed'] as const;
export type TestRunState = (typeof TEST_RUN_STATES)[number];

/**
 * `GET /appSettings/testPipelineResults/{orderId}` (admin): the latest test run of each of the
 * order's pictures that went through the test pipeline.
 */
export interface TestPipelineRunView {
  imageId: string;
  /** the test version: its files once the run is completed */
  versionId: string;
  state: TestRunState;
  /** the route the test ran */
  route: Route | null;
  /** why the run failed (the pipeline's sentence); null otherwise */
  failureReason: string | null;
  url: string | null;
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  fileSize: number | null;
  requestedAt: string;
  /** when the result (or the failure) came; null while queued */
  finishedAt: string | null;
}

export const IMAGE_VERSION_MESSAGES = {
  notFound: 'Image version not found',
  notReady: 'This version has not been processed yet',
  processing: 'The picture is being processed; restore a version once the result is in',
} as const;
