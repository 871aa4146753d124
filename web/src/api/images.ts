import { api } from './client';

/**
 * Wire types and calls of images, downloads and videos (libs/contracts/src/images), mirrored:
 * the browser bundle does not import the contracts. Only what the web app reads.
 */

/** largest upload the presigned POST allows and the server accepts */
export const IMAGE_UPLOAD_MAX_BYTES = 8_388_608;
/** largest photo the creator sends: 4032x3024 either way round (it resizes larger ones first) */
export const IMAGE_MAX_WIDTH = 4032;
export const IMAGE_MAX_HEIGHT = 3024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

export const MEDIA_ORIGINS = ['original', 'optimized'] as const;
export type MediaOrigin = (typeof MEDIA_ORIGINS)[number];

export type ImageType = 'original' | 'optimized' | 'AI' | 'enhanced' | 'bypassed' | 'featured';
/** The select view's image-type filter: Original, Optimized, Enhanced, Bypassed, Featured. */
export const SELECT_IMAGE_TYPES = ['original', 'optimized', 'enhanced', 'bypassed', 'featured'] as const satisfies readonly ImageType[];

export type ImageLabel =
  | 'pending load'
  | 'completed'
  | 'approved'
  | 'ready to download'
  | 'waiting for QA'
  | 'waiting for edition'
  | 'needs edition'
  | 'pipeline error';

export type OptimisationStatus = 'awaiting-upload' | 'upload-rejected' | 'queued' | 'completed' | 'rejected';

export interface ImageView {
  id: string;
  orderId: string;
  position: number;
  mediaOrigin: MediaOrigin;
  types: ImageType[];
  optimisedVia: string | null;
  optimisationStatus: OptimisationStatus;
  label: ImageLabel;
  failureReason: string | null;
  approved: boolean;
  needsEdition: boolean;
  /** the optimized picture once processed, else the original; short-lived */
  url: string | null;
  thumbnailUrl: string | null;
  originalUrl: string | null;
  width: number | null;
  height: number | null;
  fileSize: number | null;
  expectedAngle: string | null;
  detectedAngle: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SignedUploadBody {
  order: string;
  position: number;
  fileSize: number;
  height: number;
  width: number;
  contentType?: ImageContentType;
}

/** The presigned upload `{url, fields, imageId}`; `fields` is JSON text. */
export interface SignedUploadResult {
  url: string;
  fields: string;
  imageId: string;
  expiresAt: string;
}

export interface InsertImageBody {
  order: string;
  position: number;
  mediaOrigin: MediaOrigin;
  fileSize?: number;
  contentType?: ImageContentType;
}

export type DownloadMedia = 'optimized' | 'original';

export interface DownloadBody {
  /** image ids; none: every image */
  images?: string[];
  media?: DownloadMedia;
  /** only the images marked as requiring edition */
  needsEditionOnly?: boolean;
}

export interface DownloadResult {
  url: string;
  fileName: string;
  expiresAt: string;
  imageCount: number;
}

export type VideoStatus = 'awaiting-upload' | 'ready' | 'rejected';

export interface VideoView {
  id: string;
  orderId: string;
  status: VideoStatus;
  /** 225 px wide; null until made */
  thumbnailUrl: string | null;
  url: string | null;
  fileSize: number | null;
  durationSeconds: number | null;
  contentType: string;
  failureReason: string | null;
  createdAt: string;
}

export const imagesApi = {
  ofOrder: (orderId: string, signal?: AbortSignal) => api.get<ImageView[]>(`/images/order/${orderId}`, { signal }),
  signedUpload: (body: SignedUploadBody) => api.post<SignedUploadResult>('/images/get-signed-url-for-upload', body),
  uploadComplete: (imageId: string) => api.post<ImageView>('/images/upload-complete', { imageId }),
  insert: (body: InsertImageBody) => api.post<SignedUploadResult>('/images/insert-image-on-order', body),
  approval: (id: string, approved: boolean) => api.post<ImageView>(`/images/approval/${id}`, { approved }),
  remove: (ids: string[]) => api.delete<{ deleted: number }>('/images/', { body: { ids } }),
  /** a zip of the order's images (all, or `images`), as a short-lived URL */
  download: (orderId: string, body: DownloadBody = {}, downloadStyleGuide = false) =>
    api.post<DownloadResult>(`/images/download/${orderId}`, { order: orderId, ...body }, { query: { downloadStyleGuide: downloadStyleGuide || undefined } }),
  videos: (orderId: string, signal?: AbortSignal) => api.get<VideoView[]>(`/videos/order/${orderId}`, { signal }),
  downloadVideo: (videoId: string) => api.post<{ url: string; expiresAt: string }>(`/videos/download/${videoId}`),
};

/** TanStack Query keys of images and videos: [resource, action, params]. */
export const imageKeys = {
  all: () => ['images'] as const,
  ofOrder: (orderId: string) => ['images', 'list', { orderId }] as const,
  videos: (orderId: string) => ['videos', 'list', { orderId }] as const,
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
