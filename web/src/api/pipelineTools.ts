import { Routes } from '@app/contracts/http';
import type { Route } from '@app/contracts/wire';
import { api } from './client';

/** The admin's pipeline tools of the select view: re-optimising with another method and the test pipeline. */
export const pipelineToolsApi = {
  /** `POST /images/invoke-image-optimization`: the picture's original through the pipeline again, with `method` instead of its position's route */
  reoptimize: (imageId: string, method: Route) => api.call(Routes.images.optimize, { body: { imageId, method } }),
  /** `POST /appSettings/sendImagesToTestPipeline`: test versions of the pictures, beside the current ones */
  sendToTestPipeline: (imageIds: string[]) => api.call(Routes.appSettings.sendImagesToTestPipeline, { body: { imageIds } }),
  /** `GET /appSettings/testPipelineResults/{orderId}`: the latest test run of each of the order's pictures */
  testResults: (orderId: string, signal?: AbortSignal) => api.call(Routes.appSettings.testPipelineResults, { params: { orderId }, signal }),
};

/** TanStack Query keys of the pipeline tools. */
export const pipelineToolsKeys = {
  testResults: (orderId: string) => ['test-pipeline', 'results', { orderId }] as const,
};
