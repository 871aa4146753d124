/**
 * 360 media of an order: an exterior 360 is an ordered sequence of frames taken around the car
 * (the viewer spins through them); an interior 360 is one equirectangular panorama (2:1) of the
 * inside (the viewer pans across it).
 */
export const MEDIA360_KINDS = ['exterior360', 'interior360'] as const;
export type Media360Kind = (typeof MEDIA360_KINDS)[number];

export const MEDIA360_STATUSES = ['awaiting-upload', 'ready', 'rejected'] as const;
export type Media360Status = (typeof MEDIA360_STATUSES)[number];

/** JPEG or PNG frames only: what every browser shows and the metadata scrubber reads */
export const MEDIA360_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export type Media360ContentType = (typeof MEDIA360_CONTENT_TYPES)[number];

/** fewest and most frames of an exterior 360 */
export const EXTERIOR360_MIN_FRAMES = 24;
export const EXTERIOR360_MAX_FRAMES = 72;
/** largest frame of an exterior 360 (as a photo) */
export const EXTERIOR360_FRAME_MAX_BYTES = 8_388_608;
/** largest side of an exterior frame, in pixels (as a photo) */
export const EXTERIOR360_FRAME_MAX_SIDE = 4032;
/** largest interior panorama */
export const INTERIOR360_MAX_BYTES = 26_214_400;
/** widest interior panorama, in pixels (its height is half) */
export const INTERIOR360_MAX_WIDTH = 8192;
/** narrowest interior panorama, in pixels */
export const INTERIOR360_MIN_WIDTH = 1024;
/** how far a panorama's width may be from twice its height, as a share of it */
export const INTERIOR360_RATIO_TOLERANCE = 0.01;

export const MEDIA360_MESSAGES = {
  notFound: '360 not found',
  notUploaded: 'The 360 has not been uploaded yet: a frame is missing',
  exteriorFrameCount: `An exterior 360 has ${EXTERIOR360_MIN_FRAMES} to ${EXTERIOR360_MAX_FRAMES} frames`,
  interiorFrameCount: 'An interior 360 is one panorama picture',
  frameTooLarge: `A frame of an exterior 360 is at most ${EXTERIOR360_FRAME_MAX_BYTES / 1_048_576} MB`,
  panoramaTooLarge: `An interior panorama is at most ${INTERIOR360_MAX_BYTES / 1_048_576} MB`,
  notAPicture: 'is not a JPEG or PNG picture',
  emptyFile: 'is empty',
  incomplete: 'is incomplete (the upload was cut off or the file is damaged)',
  tooManyPixels: `is larger than ${EXTERIOR360_FRAME_MAX_SIDE} pixels on a side, the most a frame may be`,
  sizesDiffer: 'does not have the size of the first frame: every frame of an exterior 360 has the same size',
  notPanorama: 'is not an equirectangular panorama: its width must be twice its height (2:1)',
  panoramaPixels: `must be ${INTERIOR360_MIN_WIDTH} to ${INTERIOR360_MAX_WIDTH} pixels wide`,
} as const;

/** what the uploader says of each file before it is posted */
export interface Media360FrameRequest {
  fileSize: number;
  contentType?: Media360ContentType;
}

export interface Media360SignedUploadRequest {
  order: string;
  kind: Media360Kind;
  /** in order: the exterior's frames as they go round the car, or the interior's one panorama */
  frames: Media360FrameRequest[];
}

export interface Media360UploadCompleteRequest {
  media360Id: string;
}

