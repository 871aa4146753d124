/** Every media kind. */
export const MEDIA_KINDS = [
  'logo',
  'background',
  'floor',
  'numberplate',
  'avatar',
  'icon',
  'featured',
  'angle_overlay',
  'frame_overlay',
  'overlay',
  'feature_image',
  'car_type_icon',
] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** SVG is not among them: it can carry scripts, and media are images drawn into pictures */
export const MEDIA_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

export const MEDIA_MESSAGES = {
  invalidType: (given: string) => `Invalid media type "${given}". Valid types: ${MEDIA_KINDS.join(', ')}`,
  notFound: 'Media not found',
  notUploaded: (id: string) => `The file of media ${id} has not been uploaded (or is not a valid image)`,
  svgRefused: 'SVG files are not accepted as media: upload a PNG, JPEG or WebP image',
} as const;

/** `POST /media`: a presigned upload for a new medium */
export interface CreateMediaRequest {
  /** jpg, jpeg, png or webp (a leading dot and capitals are accepted) */
  fileExtension: string;
  /** one of MEDIA_KINDS */
  mediaType: string;
}

