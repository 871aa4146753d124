import type {
  ApprovalRequest,
  DeleteImagesRequest,
  DownloadRequest,
  DownloadResult,
  ImageType,
  ImageVersionView,
  ImageView,
  InsertImageRequest,
  ReEditDeclineRequest,
  ReEditRequestRequest,
  ReEditRequestView,
  RepushRequest,
  SignedUploadRequest,
  SignedUploadResult,
  UploadCompleteRequest,
  UrlResult,
  VideoView,
} from '@app/contracts/wire';
import { api } from './client';

/** Calls of images, uploads, downloads and videos. */

/** The select view's image-type filter: Original, Optimized, AI, Enhanced, Bypassed, Featured. */
export const SELECT_IMAGE_TYPES = ['original', 'optimized', 'AI', 'enhanced', 'bypassed', 'featured'] as const satisfies readonly ImageType[];

export const imagesApi = {
  ofOrder: (orderId: string, signal?: AbortSignal) => api.get<ImageView[]>(`/images/order/${orderId}`, { signal }),
  signedUpload: (body: SignedUploadRequest) => api.post<SignedUploadResult>('/images/get-signed-url-for-upload', body),
  uploadComplete: (imageId: string) => api.post<ImageView>('/images/upload-complete', { imageId } satisfies UploadCompleteRequest),
  insert: (body: InsertImageRequest) => api.post<SignedUploadResult>('/images/insert-image-on-order', body),
  /** a presigned POST for an edited file that will replace the image's picture (admin, QA) */
  replaceUpload: (imageId: string, body: Pick<SignedUploadRequest, 'fileSize' | 'width' | 'height' | 'contentType'>) =>
    api.post<SignedUploadResult>(`/images/replace-image/${imageId}`, body),
  /** the edited file is posted: checked and made the picture, a new version in its history */
  replaceComplete: (imageId: string) => api.post<ImageView>(`/images/replace-image/${imageId}/complete`),
  /** approve, or mark for editing with an IMAGE_ERROR tag as the reason */
  approval: (id: string, approved: boolean, errorTagId?: string) =>
    api.post<ImageView>(`/images/approval/${id}`, (errorTagId ? { approved, errorTagId } : { approved }) satisfies ApprovalRequest),
  /** pictures of one order through the pipeline again, with the repush dialog's method, category and settings */
  repush: (body: RepushRequest) => api.post<ImageView[]>('/images/repush', body),
  remove: (ids: string[]) => api.delete<{ deleted: number }>('/images/', { body: { ids } satisfies DeleteImagesRequest }),
  /** a zip of the order's images (all, or `images`), as a short-lived URL */
  download: (orderId: string, body: DownloadRequest = {}, downloadStyleGuide = false) =>
    api.post<DownloadResult>(`/images/download/${orderId}`, { ...body, order: orderId }, { query: { downloadStyleGuide: downloadStyleGuide || undefined } }),
  videos: (orderId: string, signal?: AbortSignal) => api.get<VideoView[]>(`/videos/order/${orderId}`, { signal }),
  downloadVideo: (videoId: string) => api.post<UrlResult>(`/videos/download/${videoId}`),
  /** a dealership asks QA to edit a processed picture again */
  askReEdit: (imageId: string, body: ReEditRequestRequest) => api.post<ReEditRequestView>(`/images/${imageId}/re-edit-requests`, body),
  /** QA declines an open re-edit request with an answer */
  declineReEdit: (requestId: string, text: string) => api.post<ReEditRequestView>(`/images/re-edit-requests/${requestId}/decline`, { text } satisfies ReEditDeclineRequest),
  /** every kept version of an image's picture, oldest first */
  versions: (imageId: string, signal?: AbortSignal) => api.get<ImageVersionView[]>(`/images/${imageId}/versions`, { signal }),
  /** makes a kept version the picture again (admin, QA); answers the history */
  restoreVersion: (imageId: string, versionId: string) => api.post<ImageVersionView[]>(`/images/${imageId}/versions/${versionId}/restore`),
};

/** TanStack Query keys of images and videos: [resource, action, params]. */
export const imageKeys = {
  all: () => ['images'] as const,
  ofOrder: (orderId: string) => ['images', 'list', { orderId }] as const,
  videos: (orderId: string) => ['videos', 'list', { orderId }] as const,
  versions: (imageId: string) => ['images', 'versions', { imageId }] as const,
};

/**
 * Posts a file to a presigned POST: multipart with the policy's fields (JSON text) first and
 * the file last. XMLHttpRequest, not fetch, because fetch reports no upload progress.
 * `onProgress` gets the bytes sent so far.
 */
export function uploadToStorage(upload: Pick<SignedUploadResult, 'url' | 'fields'>, file: Blob, onProgress?: (sent: number) => void): Promise<void> {
  const form = new FormData();
  for (const [key, value] of Object.entries(JSON.parse(upload.fields) as Record<string, string>)) form.append(key, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (event) => onProgress?.(Math.min(event.loaded, file.size));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(file.size);
        resolve();
      } else reject(new Error(`Upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error('Upload failed'));
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
