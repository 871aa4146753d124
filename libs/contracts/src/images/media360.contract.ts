import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsUUID, Max, Min, ValidateNested } from 'class-validator';
import type { Mirror } from '../mirror';
import { defineRpc } from '../rpc';
import { IsOmittable } from '../validation';
import {
  EXTERIOR360_MAX_FRAMES,
  INTERIOR360_MAX_BYTES,
  MEDIA360_CONTENT_TYPES,
  MEDIA360_KINDS,
  type Media360ContentType,
  type Media360FrameRequest,
  type Media360Kind,
  type Media360SignedUploadRequest,
  type Media360SignedUploadResult,
  type Media360UploadCompleteRequest,
  type Media360View,
} from '../wire';

export class Media360FrameInput implements Media360FrameRequest {
  @ApiProperty({ minimum: 1, maximum: INTERIOR360_MAX_BYTES, description: 'bytes of the file (an exterior frame at most 8 MB, the interior panorama at most 25 MB)' })
  @IsInt()
  @Min(1)
  @Max(INTERIOR360_MAX_BYTES, { message: `fileSize must not be larger than ${INTERIOR360_MAX_BYTES}` })
  fileSize!: number;

  @ApiPropertyOptional({ enum: MEDIA360_CONTENT_TYPES, default: 'image/jpeg' })
  @IsOmittable()
  @IsIn(MEDIA360_CONTENT_TYPES, { message: `contentType must be one of ${MEDIA360_CONTENT_TYPES.join(', ')}` })
  contentType?: Media360ContentType;
}

export class Media360SignedUploadBody implements Media360SignedUploadRequest {
  @ApiProperty({ description: 'order id' }) @IsUUID() order!: string;

  @ApiProperty({ enum: MEDIA360_KINDS, description: 'exterior360: 24 to 72 frames around the car, in order; interior360: one equirectangular panorama (2:1)' })
  @IsIn(MEDIA360_KINDS, { message: `kind must be one of ${MEDIA360_KINDS.join(', ')}` })
  kind!: Media360Kind;

  @ApiProperty({ type: [Media360FrameInput], minItems: 1, maxItems: EXTERIOR360_MAX_FRAMES })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(EXTERIOR360_MAX_FRAMES)
  @ValidateNested({ each: true })
  @Type(() => Media360FrameInput)
  frames!: Media360FrameInput[];
}

export class Media360UploadCompleteBody implements Media360UploadCompleteRequest {
  @ApiProperty() @IsUUID() media360Id!: string;
}

export class Media360IdPayload {
  @IsUUID() id!: string;
}

export const Media360Rpc = {
  signedUpload: defineRpc<Media360SignedUploadBody, Media360SignedUploadResult>('images', 'media360.signed-upload', Media360SignedUploadBody),
  uploadComplete: defineRpc<Media360UploadCompleteBody, Media360View>('images', 'media360.upload-complete', Media360UploadCompleteBody),
  /** the order's 360s, an empty list when it has none */
  ofOrder: defineRpc<Media360IdPayload, Media360View[]>('images', 'media360.of-order', Media360IdPayload),
};

/** Exported so that the web app's stricter check (noUnusedLocals) takes it as used; nothing imports it. */
export type Media360BodiesMirrored = [
  Mirror<Media360FrameInput, Media360FrameRequest>,
  Mirror<Media360SignedUploadBody, Media360SignedUploadRequest>,
  Mirror<Media360UploadCompleteBody, Media360UploadCompleteRequest>,
];
