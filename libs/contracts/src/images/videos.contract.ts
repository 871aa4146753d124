import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsUUID, Max, Min } from 'class-validator';
import { IsOmittable } from '../validation';
import { defineRpc } from '../rpc';

/** largest video a creator may upload */
export const VIDEO_UPLOAD_MAX_BYTES = 524_288_000;
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export type VideoContentType = (typeof VIDEO_CONTENT_TYPES)[number];
/** width of a video's thumbnail */
export const VIDEO_THUMB_WIDTH = 225;

export const VIDEO_STATUSES = ['awaiting-upload', 'ready', 'rejected'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export const VIDEO_MESSAGES = {
  notFound: 'Video not found',
  tooLarge: `The video is larger than ${VIDEO_UPLOAD_MAX_BYTES} bytes`,
  notAVideo: 'The file is not an MP4, QuickTime or WebM video',
  notUploaded: 'The video has not been uploaded yet',
} as const;

export class VideoSignedUploadBody {
  @ApiProperty({ description: 'order id' }) @IsUUID() order!: string;
  @ApiProperty({ maximum: VIDEO_UPLOAD_MAX_BYTES }) @IsInt() @Min(1) @Max(VIDEO_UPLOAD_MAX_BYTES, { message: VIDEO_MESSAGES.tooLarge }) fileSize!: number;
  @ApiPropertyOptional({ enum: VIDEO_CONTENT_TYPES, default: 'video/mp4' }) @IsOmittable() @IsIn(VIDEO_CONTENT_TYPES) contentType?: VideoContentType;
}

export interface VideoSignedUploadResult {
  url: string;
  /** JSON text, as for images */
  fields: string;
  videoId: string;
  expiresAt: string;
}

export class VideoIdPayload {
  @IsUUID() id!: string;
}

export class VideoUploadCompleteBody {
  @ApiProperty() @IsUUID() videoId!: string;
}

export interface VideoView {
  id: string;
  orderId: string;
  status: VideoStatus;
  /** 225 px wide, short-lived; null until the thumbnail is made */
  thumbnailUrl: string | null;
  url: string | null;
  fileSize: number | null;
  durationSeconds: number | null;
  contentType: VideoContentType;
  failureReason: string | null;
  createdAt: string;
}

export const VideosRpc = {
  signedUpload: defineRpc<VideoSignedUploadBody, VideoSignedUploadResult>('images', 'videos.signed-upload', VideoSignedUploadBody),
  uploadComplete: defineRpc<VideoUploadCompleteBody, VideoView>('images', 'videos.upload-complete', VideoUploadCompleteBody),
  /** the order's videos; "This order does not have any video" (404) when there is none */
  ofOrder: defineRpc<VideoIdPayload, VideoView[]>('images', 'videos.of-order', VideoIdPayload),
  download: defineRpc<VideoIdPayload, { url: string; expiresAt: string }>('images', 'videos.download', VideoIdPayload),
};
