import { Routes, type RouteDef } from '@app/contracts/http';
import type { ConfigurationPatchRequest, ConfigurationRequest, MediaKind, Paged, StyleGuidePatchRequest, StyleGuideRequest } from '@app/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** Calls of the admin area: style guides, their configurations, angle names and media uploads. */

/** The media kinds (POST /api/media) of a configuration's custom media. */
export type ConfigMediaSlot = Extract<MediaKind, 'angle_overlay' | 'frame_overlay' | 'background' | 'logo' | 'floor' | 'featured'>;
/** The body fields of a configuration's custom media. */
export type ConfigMediaField = Extract<
  keyof ConfigurationRequest,
  'customAngleOverlayId' | 'customFrameOverlayId' | 'customBackgroundId' | 'customLogoId' | 'customFloorId' | 'featuredImageId'
>;

export const styleGuidesApi = {
  get: (id: string, signal?: AbortSignal) => api.call(Routes.styleGuides.get, { params: { id }, signal }),
  create: (body: StyleGuideRequest) => api.call(Routes.styleGuides.create, { body }),
  update: (id: string, body: StyleGuidePatchRequest) => api.call(Routes.styleGuides.update, { params: { id }, body }),
  duplicate: (id: string) => api.call(Routes.styleGuides.duplicate, { params: { id } }),
  remove: (id: string) => api.call(Routes.styleGuides.delete, { body: { id } }),
  addConfiguration: (styleGuideId: string, body: Omit<ConfigurationRequest, 'styleGuideId'>) =>
    api.call(Routes.configurations.create, { body: { styleGuideId, ...body } }),
  updateConfiguration: (id: string, body: ConfigurationPatchRequest) => api.call(Routes.configurations.update, { params: { id }, body }),
  removeConfiguration: (id: string) => api.call(Routes.configurations.delete, { params: { id } }),
  angleNames: (signal?: AbortSignal) => api.call(Routes.angles.names, { signal }),
  /** a page of every style guide, by search */
  page: (page: number, search: string, signal?: AbortSignal) =>
    api.call(Routes.styleGuides.list, { query: { page, search: search.trim() || undefined }, signal }),
  /** the guides assigned to an account (the ones it may use for an order) */
  ofAccount: (accountId: string, signal?: AbortSignal) => api.call(Routes.styleGuides.ofUser, { params: { id: accountId }, signal }),
  addToAccount: (userId: string, styleGuideId: string) => api.call(Routes.styleGuides.addToUser, { body: { userId, styleGuideId } }),
  removeFromAccount: (userId: string, styleGuideId: string) => api.call(Routes.styleGuides.removeFromUser, { body: { userId, styleGuideId } }),
};

/**
 * TanStack Query keys of style guides: [resource, action, params]. `GET /style-guides/{id}` is
 * cached under `one(id)` only, whoever reads it (the builder, the creator, the order detail).
 */
export const styleGuideKeys = {
  all: () => ['style-guides'] as const,
  lists: () => ['style-guides', 'list'] as const,
  one: (id: string) => ['style-guides', 'get', { id }] as const,
  /** the guides an account may use (the order creator) */
  ofAccount: (accountId: string) => ['style-guides', 'of-user', { accountId }] as const,
  /** a page of every guide (the profile's style-guides tab) */
  page: (page: number, search: string) => ['style-guides', 'list', { page, search }] as const,
};

const adminList = <R extends string>(resource: R) => ({
  all: () => [resource] as const,
  lists: () => [resource, 'list'] as const,
  one: (id: string) => [resource, 'get', { id }] as const,
});

/** The keys of one resource listed in the admin area. */
export type AdminListKeys = ReturnType<typeof adminList<string>>;

/** TanStack Query keys of the admin area's lists: [resource, action, params]. */
export const adminListKeys = {
  angles: { ...adminList('angles'), names: () => ['angles', 'names', {}] as const },
  carTypes: adminList('car-types'),
  tags: adminList('tags'),
  banners: adminList('banners'),
  appVersions: adminList('app-versions'),
};

/**
 * Query options of the style-guide reads: the key and the fetch written together
 * (`useQuery({ ...styleGuideQueries.one(id), enabled })`).
 */
export const styleGuideQueries = {
  one: (id: string) => queryOptions({ queryKey: styleGuideKeys.one(id), queryFn: ({ signal }) => styleGuidesApi.get(id, signal) }),
  ofAccount: (accountId: string) =>
    queryOptions({ queryKey: styleGuideKeys.ofAccount(accountId), queryFn: ({ signal }) => styleGuidesApi.ofAccount(accountId, signal) }),
  angleNames: () => queryOptions({ queryKey: adminListKeys.angles.names(), queryFn: ({ signal }) => styleGuidesApi.angleNames(signal) }),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRoute = RouteDef<string, any, any, any>;

/**
 * The route values of one admin list (`Routes.angles`): its page, one row, create and change,
 * and delete when the list deletes. `get`, `update` and `delete` have the path parameter `:id`.
 */
export interface AdminListRoutes {
  list: AnyRoute;
  get: AnyRoute;
  create: AnyRoute;
  update: AnyRoute;
  delete?: AnyRoute;
}

/** Where an admin list's calls go: its route values. */
export type AdminListSource = { routes: AdminListRoutes };

/** The calls of one admin list tab, from its route values. */
export function adminListCalls<Row>(source: AdminListSource) {
  type Options = { params?: Record<string, string>; query?: Record<string, string | number | boolean | null | undefined>; body?: unknown; signal?: AbortSignal };
  const call = api.call as unknown as (route: AnyRoute, options?: Options) => Promise<unknown>;
  const { routes } = source;
  return {
    page: (query: Options['query'], signal?: AbortSignal) => call(routes.list, { query, signal }) as Promise<Paged<Row>>,
    get: (id: string, signal?: AbortSignal) => call(routes.get, { params: { id }, signal }) as Promise<Row>,
    create: (body: unknown) => call(routes.create, { body }),
    update: (id: string, body: unknown) => call(routes.update, { params: { id }, body }),
    remove: (id: string) => {
      if (!routes.delete) throw new Error(`this list deletes nothing (${routes.list.path})`);
      return call(routes.delete, { params: { id } });
    },
  };
}

/** The extension the media endpoint accepts, from a file's name or type. */
export function extensionOf(file: File): string {
  const byName = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (byName) return byName;
  const byType = file.type.split('/')[1]?.toLowerCase() ?? 'png';
  return byType === 'svg+xml' ? 'svg' : byType;
}

/**
 * Uploads a file as a utility medium: POST /api/media, then the presigned POST straight to
 * storage as multipart/form-data with the policy's fields and the file last. Answers the id.
 */
export async function uploadMedia(file: File, mediaType: MediaKind): Promise<string> {
  const presigned = await api.call(Routes.media.create, { body: { fileExtension: extensionOf(file), mediaType } });
  const form = new FormData();
  for (const [key, value] of Object.entries(presigned.fields)) form.append(key, value);
  form.append('file', file);
  const response = await fetch(presigned.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`Upload failed (${response.status})`);
  return presigned.utilityMedia.id;
}
