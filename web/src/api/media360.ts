import type { Media360SignedUploadRequest, Media360SignedUploadResult, Media360UploadCompleteRequest, Media360View } from '@app/contracts/wire';
import { api } from './client';

/** Calls of the 360 media of orders. */
export const media360Api = {
  ofOrder: (orderId: string, signal?: AbortSignal) => api.get<Media360View[]>(`/media360/order/${orderId}`, { signal }),
  signedUpload: (body: Media360SignedUploadRequest) => api.post<Media360SignedUploadResult>('/media360/get-signed-urls-for-upload', body),
  uploadComplete: (media360Id: string) => api.post<Media360View>('/media360/upload-complete', { media360Id } satisfies Media360UploadCompleteRequest),
};

/** TanStack Query keys of 360 media. */
export const media360Keys = {
  ofOrder: (orderId: string) => ['media360', 'list', { orderId }] as const,
};
