import { isRetryable, NO_ANSWER, retryDelayMs, Routes } from '@app/contracts/http';
import type {
  DownloadRequest,
  ImageType,
  InsertImageRequest,
  ReEditRequestRequest,
  RepushRequest,
  SignedUploadRequest,
  SignedUploadResult,
} from '@app/contracts/wire';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, waitBeforeRetry } from './client';
import { refreshOrderSoon } from './orders';

/** Calls of images, uploads, downloads, versions, re-edit requests and videos (`Routes.images`, `Routes.reEditRequests`, `Routes.videos`). */

/** The select view's image-type filter: Original, Optimized, AI, Enhanced, Bypassed, Featured. */
export const SELECT_IMAGE_TYPES = ['original', 'optimized', 'AI', 'enhanced', 'bypassed', 'featured'] as const satisfies readonly ImageType[];

export const imagesApi = {
  ofOrder: (orderId: string, signal?: AbortSignal) => api.call(Routes.images.ofOrder, { params: { id: orderId }, signal }),
  signedUpload: (body: SignedUploadRequest) => api.call(Routes.images.signedUpload, { body }),
  uploadComplete: (imageId: string) => api.call(Routes.images.uploadComplete, { body: { imageId } }),
  insert: (body: InsertImageRequest) => api.call(Routes.images.insert, { body }),
  /** a presigned POST for an edited file that will replace the image's picture (admin, QA) */
  replaceUpload: (imageId: string, body: Pick<SignedUploadRequest, 'fileSize' | 'width' | 'height' | 'contentType'>) =>
    api.call(Routes.images.replaceUpload, { params: { id: imageId }, body }),
  /** the edited file is posted: checked and made the picture, a new version in its history */
  replaceComplete: (imageId: string) => api.call(Routes.images.replaceComplete, { params: { id: imageId } }),
  /** approve, or mark for editing with an IMAGE_ERROR tag as the reason */
  approval: (id: string, approved: boolean, errorTagId?: string) =>
    api.call(Routes.images.approval, { params: { id }, body: errorTagId ? { approved, errorTagId } : { approved } }),
  /** pictures of one order through the pipeline again, with the repush dialog's method, category and settings */
  repush: (body: RepushRequest) => api.call(Routes.images.repush, { body }),
  remove: (ids: string[]) => api.call(Routes.images.delete, { body: { ids } }),
  /** a zip of the order's images (all, or `images`), as a short-lived URL */
  download: (orderId: string, body: DownloadRequest = {}, downloadStyleGuide = false) =>
    api.call(Routes.images.download, { params: { id: orderId }, query: { downloadStyleGuide: downloadStyleGuide || undefined }, body: { ...body, order: orderId } }),
  videos: (orderId: string, signal?: AbortSignal) => api.call(Routes.videos.ofOrder, { params: { id: orderId }, signal }),
  downloadVideo: (videoId: string) => api.call(Routes.videos.download, { params: { id: videoId } }),
  /** a dealership asks QA to edit a processed picture again */
  askReEdit: (imageId: string, body: ReEditRequestRequest) => api.call(Routes.reEditRequests.create, { params: { imageId }, body }),
  /** QA declines an open re-edit request with an answer */
  declineReEdit: (requestId: string, text: string) => api.call(Routes.reEditRequests.decline, { params: { id: requestId }, body: { text } }),
  /** every kept version of an image's picture, oldest first */
  versions: (imageId: string, signal?: AbortSignal) => api.call(Routes.images.versions, { params: { id: imageId }, signal }),
  /** makes a kept version the picture again (admin, QA); answers the history */
  restoreVersion: (imageId: string, versionId: string) => api.call(Routes.images.restoreVersion, { params: { id: imageId, versionId } }),
};

/** TanStack Query keys of images and videos: [resource, action, params]. */
export const imageKeys = {
  all: () => ['images'] as const,
  ofOrder: (orderId: string) => ['images', 'list', { orderId }] as const,
  videos: (orderId: string) => ['videos', 'list', { orderId }] as const,
  versions: (imageId: string) => ['images', 'versions', { imageId }] as const,
};

/**
 * Query options of the image and video reads: the key and the fetch written together
 * (`useQuery(imageQueries.ofOrder(orderId))`; add `enabled`, `refetchInterval`… by spreading).
 */
export const imageQueries = {
  ofOrder: (orderId: string) => queryOptions({ queryKey: imageKeys.ofOrder(orderId), queryFn: ({ signal }) => imagesApi.ofOrder(orderId, signal) }),
  videos: (orderId: string) => queryOptions({ queryKey: imageKeys.videos(orderId), queryFn: ({ signal }) => imagesApi.videos(orderId, signal) }),
  versions: (imageId: string) => queryOptions({ queryKey: imageKeys.versions(imageId), queryFn: ({ signal }) => imagesApi.versions(imageId, signal) }),
};

/**
 * Posts a file to a presigned POST: multipart with the policy's fields (JSON text) first and
 * the file last. XMLHttpRequest, not fetch, because fetch reports no upload progress.
 * `onProgress` gets the bytes sent so far (0 again when the post is sent again). A post that
 * got no answer or a 502/503/504 is sent again by the shared retry policy: the policy fixes the
 * object's key, so a repeat overwrites the same object. `retry: false` posts once, for a caller
 * that tries the whole upload again itself (the order creator's `uploadPicture`).
 */
export async function uploadToStorage(
  upload: Pick<SignedUploadResult, 'url' | 'fields'>,
  file: Blob,
  onProgress?: (sent: number) => void,
  { retry = true }: { retry?: boolean } = {},
): Promise<void> {
  const form = new FormData();
  for (const [key, value] of Object.entries(JSON.parse(upload.fields) as Record<string, string>)) form.append(key, value);
  form.append('file', file);
  for (let attempt = 1; ; attempt += 1) {
    const sent = await postForm(upload.url, form, file.size, onProgress);
    if (sent.ok) return;
    if (!retry || !isRetryable('POST', sent.status, attempt, true)) throw new Error(sent.status === NO_ANSWER ? 'Upload failed' : `Upload failed (${sent.status})`);
    onProgress?.(0);
    await waitBeforeRetry(retryDelayMs(attempt, sent.retryAfter));
  }
}

/** One presigned POST of the form: its status (`NO_ANSWER` when the line dropped) and `Retry-After`. */
function postForm(url: string, form: FormData, size: number, onProgress?: (sent: number) => void): Promise<{ ok: boolean; status: number; retryAfter: string | null }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (event) => onProgress?.(Math.min(event.loaded, size));
    xhr.onload = () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok) onProgress?.(size);
      resolve({ ok, status: xhr.status, retryAfter: ok ? null : xhr.getResponseHeader?.('retry-after') ?? null });
    };
    xhr.onerror = () => resolve({ ok: false, status: NO_ANSWER, retryAfter: null });
    xhr.send(form);
  });
}

/**
 * Starts the browser's download of a URL (a zip or a video) without leaving the page: a hidden
 * frame loads it, and the storage answers it as an attachment. (A link would replace the app
 * with the storage's error page should the link fail.)
 */
export function startDownload(url: string): void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.src = url;
  document.body.appendChild(frame);
  // long enough for the download to start; the frame has nothing else to do
  setTimeout(() => frame.remove(), 60_000);
}

/**
 * After a change to an order's pictures (approved, repushed, replaced, plates masked): the
 * order and its timeline now and once more when the events have settled, and the pictures.
 */
export function refreshOrderPictures(queryClient: QueryClient, orderId: string): Promise<void> {
  refreshOrderSoon(queryClient, orderId);
  return queryClient.invalidateQueries({ queryKey: imageKeys.ofOrder(orderId) });
}
