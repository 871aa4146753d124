import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { PageQuery, type Paged } from '../paging';
import { defineRpc } from '../rpc';
import type { PresignedUpload } from '../uploads';

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

export class CreateMediaBody {
  @ApiProperty({ enum: MEDIA_EXTENSIONS, example: 'png' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase().replace(/^\./, '') : value))
  @IsIn(MEDIA_EXTENSIONS, {
    message: ({ value }) => (value === 'svg' ? MEDIA_MESSAGES.svgRefused : `fileExtension must be one of ${MEDIA_EXTENSIONS.join(', ')}`),
  })
  fileExtension!: string;

  /** checked in the service, which answers an invalid-media-type error */
  @ApiProperty({ enum: MEDIA_KINDS })
  @IsString()
  mediaType!: string;
}

export class MediaListQuery extends PageQuery {
  @ApiPropertyOptional({ enum: MEDIA_KINDS })
  @IsOptional()
  @IsString()
  mediaType?: string;
}

export class MediaIdPayload {
  @Matches(/^[0-9a-f-]{36}$/i, { message: 'id must be a UUID' })
  id!: string;
}

export interface MediaView {
  id: string;
  mediaType: MediaKind;
  fileExtension: string;
  /** short-lived download URL (null until the file is uploaded) */
  url: string | null;
  thumbnailUrl: string | null;
  uploaded: boolean;
  createdAt: string;
}

export interface CreateMediaResult extends PresignedUpload {
  utilityMedia: MediaView;
}

export const MediaRpc = {
  create: defineRpc<CreateMediaBody, CreateMediaResult>('style-guides', 'media.create', CreateMediaBody),
  list: defineRpc<MediaListQuery, Paged<MediaView>>('style-guides', 'media.list', MediaListQuery),
};
