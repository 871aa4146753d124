import type { AngleName, Paged, StyleGuideListItem, ConfigurationPatchRequest, ConfigurationRequest, ConfigurationView, CreateMediaRequest, CreateMediaResult, MediaKind, StyleGuidePatchRequest, StyleGuideRequest, StyleGuideView } from '@app/contracts/wire';
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
  get: (id: string, signal?: AbortSignal) => api.get<StyleGuideView>(`/style-guides/${id}`, { signal }),
  create: (body: StyleGuideRequest) => api.post<StyleGuideView>('/style-guides', body),
  update: (id: string, body: StyleGuidePatchRequest) => api.put<StyleGuideView>(`/style-guides/${id}`, body),
  duplicate: (id: string) => api.post<StyleGuideView>(`/style-guides/${id}/duplicate`),
  remove: (id: string) => api.delete<{ deleted: true }>('/style-guides/delete-style-guide', { body: { id } }),
  addConfiguration: (styleGuideId: string, body: Omit<ConfigurationRequest, 'styleGuideId'>) =>
    api.post<ConfigurationView>('/style-guide-configurations', { styleGuideId, ...body } satisfies ConfigurationRequest),
  updateConfiguration: (id: string, body: ConfigurationPatchRequest) => api.put<ConfigurationView>(`/style-guide-configurations/${id}`, body),
  removeConfiguration: (id: string) => api.delete<{ deleted: true }>(`/style-guide-configurations/${id}`),
  angleNames: (signal?: AbortSignal) => api.get<AngleName[]>('/angle/angleNames', { signal }),
  /** a page of every style guide, by search */
  page: (page: number, search: string, signal?: AbortSignal) =>
    api.get<Paged<StyleGuideListItem>>('/style-guides', { query: { page, search: search.trim() || undefined }, signal }),
  addToAccount: (userId: string, styleGuideId: string) => api.post<{ added: boolean }>('/style-guides/add-style-guide-to-user', { userId, styleGuideId }),
  removeFromAccount: (userId: string, styleGuideId: string) =>
    api.delete<{ removed: boolean }>('/style-guides/remove-style-guide-to-user', { body: { userId, styleGuideId } }),
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
  const presigned = await api.post<CreateMediaResult>('/media', { fileExtension: extensionOf(file), mediaType } satisfies CreateMediaRequest);
  const form = new FormData();
  for (const [key, value] of Object.entries(presigned.fields)) form.append(key, value);
  form.append('file', file);
  const response = await fetch(presigned.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`Upload failed (${response.status})`);
  return presigned.utilityMedia.id;
}
