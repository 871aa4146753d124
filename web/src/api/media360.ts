import { Routes } from '@app/contracts/http';
import type { Media360SignedUploadRequest } from '@app/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** Calls of the 360 media of orders (`Routes.media360`). */
export const media360Api = {
  ofOrder: (orderId: string, signal?: AbortSignal) => api.call(Routes.media360.ofOrder, { params: { id: orderId }, signal }),
  signedUpload: (body: Media360SignedUploadRequest) => api.call(Routes.media360.signedUpload, { body }),
  uploadComplete: (media360Id: string) => api.call(Routes.media360.uploadComplete, { body: { media360Id } }),
};

/** TanStack Query keys of 360 media. */
export const media360Keys = {
  ofOrder: (orderId: string) => ['media360', 'list', { orderId }] as const,
};

/** Query options of the 360 reads (`useQuery(media360Queries.ofOrder(orderId))`). */
export const media360Queries = {
  ofOrder: (orderId: string) => queryOptions({ queryKey: media360Keys.ofOrder(orderId), queryFn: ({ signal }) => media360Api.ofOrder(orderId, signal) }),
};
