import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsUUID, Max, Min } from 'class-validator';
import { IsOmittable } from '../validation';
import { defineRpc } from '../rpc';
import {
  VIDEO_CONTENT_TYPES,
  VIDEO_MESSAGES,
  VIDEO_UPLOAD_MAX_BYTES,
  type VideoContentType,
  type VideoSignedUploadResult,
  type VideoView,
} from '../wire';

export class VideoSignedUploadBody {
  @ApiProperty({ description: 'order id' }) @IsUUID() order!: string;
  @ApiProperty({ maximum: VIDEO_UPLOAD_MAX_BYTES }) @IsInt() @Min(1) @Max(VIDEO_UPLOAD_MAX_BYTES, { message: VIDEO_MESSAGES.tooLarge }) fileSize!: number;
  @ApiPropertyOptional({ enum: VIDEO_CONTENT_TYPES, default: 'video/mp4' }) @IsOmittable() @IsIn(VIDEO_CONTENT_TYPES) contentType?: VideoContentType;
}

export class VideoIdPayload {
  @IsUUID() id!: string;
}

export class VideoUploadCompleteBody {
  @ApiProperty() @IsUUID() videoId!: string;
}

export const VideosRpc = {
  signedUpload: defineRpc<VideoSignedUploadBody, VideoSignedUploadResult>('images', 'videos.signed-upload', VideoSignedUploadBody),
  uploadComplete: defineRpc<VideoUploadCompleteBody, VideoView>('images', 'videos.upload-complete', VideoUploadCompleteBody),
  /** the order's videos, an empty list when it has none (the web then says "This order does not have any video") */
  ofOrder: defineRpc<VideoIdPayload, VideoView[]>('images', 'videos.of-order', VideoIdPayload),
  download: defineRpc<VideoIdPayload, { url: string; expiresAt: string }>('images', 'videos.download', VideoIdPayload),
};
