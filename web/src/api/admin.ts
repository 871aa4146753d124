import { api } from './client';

/** Wire types of the admin catalogue and the style guides (libs/contracts). */
export type AngleCategory = 'exterior' | 'interior';
export type RouteTo = 'full' | 'ai_no_enh' | 'enhancer' | 'bypass' | 'FEATURED' | 'logo_only';
export type ConfigurationType = 'IMAGE' | 'FEATURED';

export interface MediaView {
  id: string;
  mediaType: string;
  fileExtension: string;
  url: string | null;
  thumbnailUrl: string | null;
  uploaded: boolean;
}

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface ConfigurationView {
  id: string;
  styleGuideId: string;
  position: number;
  margins: string;
  routeTo: RouteTo;
  type: ConfigurationType;
  withLogo: boolean;
  horizonLineHeight: number;
  afterFrameFree: boolean;
  positionAfterFrameFree: number | null;
  optional: boolean;
  angle: { id: string; name: string; category: AngleCategory } | null;
  customAngleOverlay: MediaView | null;
  customFrameOverlay: MediaView | null;
  customBackground: MediaView | null;
  customLogo: MediaView | null;
  customFloor: MediaView | null;
  featuredImage: MediaView | null;
}

export type MediaSlot = 'logo' | 'background' | 'floor' | 'numberplate';
/** The media kinds (POST /api/media) of a configuration's custom media. */
export type ConfigMediaSlot = 'angle_overlay' | 'frame_overlay' | 'background' | 'logo' | 'floor' | 'featured';
export type ConfigMediaField = 'customAngleOverlayId' | 'customFrameOverlayId' | 'customBackgroundId' | 'customLogoId' | 'customFloorId' | 'featuredImageId';

export interface StyleGuideView {
  id: string;
  name: string;
  customerNote: string;
  outputWidth: number;
  outputHeight: number;
  maxImageSize: number;
  interiorColor: string;
  frameFreeRouting: RouteTo | null;
  media: Record<MediaSlot, MediaView | null>;
  configurations: ConfigurationView[];
  createdAt: string;
  updatedAt: string;
}

export interface StyleGuideListItem {
  id: string;
  name: string;
  outputWidth: number;
  outputHeight: number;
  maxImageSize: number;
  configurationCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface StyleGuideFields {
  name: string;
  customerNote: string;
  outputWidth: number;
  outputHeight: number;
  maxImageSize: number;
  interiorColor: string;
  frameFreeRouting?: RouteTo | null;
  logoMediaId?: string | null;
  backgroundMediaId?: string | null;
  floorMediaId?: string | null;
  numberplateMediaId?: string | null;
}

export interface ConfigurationFields {
  position: number;
  margins: Margins;
  routeTo: RouteTo;
  type: ConfigurationType;
  withLogo: boolean;
  horizonLineHeight: number;
  angleId: string | null;
  afterFrameFree: boolean;
  /** only with afterFrameFree; null clears it */
  positionAfterFrameFree?: number | null;
  optional: boolean;
  customAngleOverlayId?: string | null;
  customFrameOverlayId?: string | null;
  customBackgroundId?: string | null;
  customLogoId?: string | null;
  customFloorId?: string | null;
  featuredImageId?: string | null;
}

export const styleGuidesApi = {
  get: (id: string, signal?: AbortSignal) => api.get<StyleGuideView>(`/style-guides/${id}`, { signal }),
  create: (body: StyleGuideFields) => api.post<StyleGuideView>('/style-guides', body),
  update: (id: string, body: Partial<StyleGuideFields>) => api.put<StyleGuideView>(`/style-guides/${id}`, body),
  duplicate: (id: string) => api.post<StyleGuideView>(`/style-guides/${id}/duplicate`),
  remove: (id: string) => api.delete<{ deleted: true }>('/style-guides/delete-style-guide', { body: { id } }),
  addConfiguration: (styleGuideId: string, body: ConfigurationFields) =>
    api.post<ConfigurationView>('/style-guide-configurations', { styleGuideId, ...body }),
  updateConfiguration: (id: string, body: ConfigurationFields) => api.put<ConfigurationView>(`/style-guide-configurations/${id}`, body),
  removeConfiguration: (id: string) => api.delete<{ deleted: true }>(`/style-guide-configurations/${id}`),
  angleNames: (signal?: AbortSignal) => api.get<Array<{ id: string; name: string; category: AngleCategory }>>('/angle/angleNames', { signal }),
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
};

const catalogue = <R extends string>(resource: R) => ({
  all: () => [resource] as const,
  lists: () => [resource, 'list'] as const,
  one: (id: string) => [resource, 'get', { id }] as const,
});

/** The keys of one catalogue resource of the admin area. */
export type CatalogueKeys = ReturnType<typeof catalogue<string>>;

/** TanStack Query keys of the admin catalogue: [resource, action, params]. */
export const catalogueKeys = {
  angles: { ...catalogue('angles'), names: () => ['angles', 'names', {}] as const },
  carTypes: catalogue('car-types'),
  tags: catalogue('tags'),
  banners: catalogue('banners'),
  appVersions: catalogue('app-versions'),
};

interface CreateMediaResult {
  url: string;
  fields: Record<string, string>;
  utilityMedia: MediaView;
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
export async function uploadMedia(file: File, mediaType: string): Promise<string> {
  const presigned = await api.post<CreateMediaResult>('/media', { fileExtension: extensionOf(file), mediaType });
  const form = new FormData();
  for (const [key, value] of Object.entries(presigned.fields)) form.append(key, value);
  form.append('file', file);
  const response = await fetch(presigned.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`Upload failed (${response.status})`);
  return presigned.utilityMedia.id;
}
