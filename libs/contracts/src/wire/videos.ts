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
  tooLarge: `The video is larger than ${VIDEO_UPLOAD_MAX_BYTES / 1_048_576} MB, the most one video may be`,
  notAVideo: 'The file is not an MP4, QuickTime or WebM video',
  notUploaded: 'The video has not been uploaded yet',
  incomplete: 'The video file is incomplete: it ends before the end of its container (the upload was cut off or the file is damaged)',
} as const;

