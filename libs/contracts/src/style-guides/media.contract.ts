import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { PageQuery } from '../paging';
import type { Paged } from '../wire/paging';
import { defineRpc } from '../rpc';
import type { Mirror } from '../mirror';
import {
  MEDIA_EXTENSIONS,
  MEDIA_KINDS,
  MEDIA_MESSAGES,
  type CreateMediaRequest,
  type CreateMediaResult,
  type MediaView,
} from '../wire';

export class CreateMediaBody implements CreateMediaRequest {
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

/** Exported so that the web app's stricter check (noUnusedLocals) takes it as used; nothing imports it. */
export type MediaBodiesMirrored = [Mirror<CreateMediaBody, CreateMediaRequest>];

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

export const MediaRpc = {
  create: defineRpc<CreateMediaBody, CreateMediaResult>('style-guides', 'media.create', CreateMediaBody),
  list: defineRpc<MediaListQuery, Paged<MediaView>>('style-guides', 'media.list', MediaListQuery),
};
