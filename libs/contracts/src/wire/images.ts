import type { PlateQuad } from './number-plates';
import type { AngleCategory, Margins, Route, TriState } from './routes';

// ---------------------------------------------------------------------------------------
// constants

/** largest upload the presigned POST allows, and the server's check after it */
export const IMAGE_UPLOAD_MAX_BYTES = 8_388_608;
/** largest photo the creator sends (it resizes larger ones first) */
export const IMAGE_MAX_WIDTH = 4032;
export const IMAGE_MAX_HEIGHT = 3024;
/** pixel cap of the server's check: a 4032x3024 photo either way round, with room for rounding */
export const IMAGE_MAX_PIXELS = 4032 * 3024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
/** the most sensor data an image keeps: its JSON text in bytes, and how deep it nests */
export const SENSOR_DATA_MAX_BYTES = 16_384;
export const SENSOR_DATA_MAX_DEPTH = 4;
/** minutes a presigned upload stays valid */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** minutes a download link stays valid */
export const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;
/**
 * The picture of an order in the orders list (web OrdersPage's Thumbnail): a box of 56 x 42
 * CSS pixels, filled (cropped to the box). Its file is twice that, for sharp displays, and
 * already cropped, so the browser downloads no pixel it does not show.
 */
export const LIST_THUMB_BOX = { width: 56, height: 42 } as const;
export const LIST_THUMB_WIDTH = LIST_THUMB_BOX.width * 2;
export const LIST_THUMB_HEIGHT = LIST_THUMB_BOX.height * 2;
/** how long a view's image links stay valid */
export const VIEW_URL_TTL_SECONDS = 60 * 60;

export const MEDIA_ORIGINS = ['original', 'optimized'] as const;
export type MediaOrigin = (typeof MEDIA_ORIGINS)[number];

/** Image type labels, also the select view's filter. */
export const IMAGE_TYPE_LABELS = ['original', 'optimized', 'AI', 'enhanced', 'bypassed', 'featured'] as const;
export type ImageType = (typeof IMAGE_TYPE_LABELS)[number];

/** Image labels, worked out when an image is read (docs/images.md). */
export const IMAGE_LABELS = [
  'pending load',
  'completed',
  'approved',
  'ready to download',
  'waiting for QA',
  'waiting for edition',
  'needs edition',
  'pipeline error',
] as const;
export type ImageLabel = (typeof IMAGE_LABELS)[number];

/**
 * Where an image is in its life: waiting for its file, checked and refused, queued for or in the
 * pipeline, processed, or failed there (optimisationStatus `rejected`).
 */
export const OPTIMISATION_STATUSES = ['awaiting-upload', 'upload-rejected', 'queued', 'completed', 'rejected'] as const;
export type OptimisationStatus = (typeof OPTIMISATION_STATUSES)[number];

export const IMAGE_MESSAGES = {
  notFound: 'Image not found',
  /** the picture at the position arrived whole and was accepted: sending it again is not needed */
  positionTaken: (position: number) => `The picture for position ${position} has already arrived complete; it does not need to be sent again`,
  positionUnknown: (position: number) => `The style guide has no position ${position}`,
  tooManyImages: (max: number) => `An order holds at most ${max} images`,
  tooLarge: `The picture is larger than ${IMAGE_UPLOAD_MAX_BYTES / 1_048_576} MB, the most one picture may be`,
  tooManyPixels: `The picture is larger than ${IMAGE_MAX_WIDTH} × ${IMAGE_MAX_HEIGHT} pixels, the most one picture may be`,
  notAnImage: 'The file is not a JPEG, PNG or WebP image',
  notUploaded: 'The file has not been uploaded yet',
  emptyFile: 'The file is empty',
  incomplete: 'The file is incomplete: it ends before the end of the image (the upload was cut off or the file is damaged)',
  notProcessed: 'The image has not been processed yet',
  noImages: 'The order has no images to download',
  orderUploading: 'The order is still uploading',
  orderNotUploading: 'The order no longer takes uploads',
  noOriginal: 'The image has no original picture to process',
  noReplacement: 'No replacement picture was requested for this image',
  uploadExpired: 'The upload link expired before the file arrived',
  /** another repush of the same picture got there first (two clicks, two editors) */
  justRequeued: 'This picture has just been sent to processing again',
  reasonOnlyWhenDeclined: 'A reason (errorTagId) goes only with approved: false',
  reasonTagUnknown: 'The reason tag does not exist',
  reasonTagNotImageError: (name: string) => `The tag ${name} is not an image error tag`,
  repushOtherGuide: "The style guide is not the order's style guide",
  /** QA's plates are drawn on one picture: they go with a repush of that picture alone */
  platesOfOneImage: 'numberPlates go only with a repush of one image (imageArray of one id)',
} as const;

// ---------------------------------------------------------------------------------------
// repush with settings

/** The methods of the repush dialog (pipeline routes; FEATURED is not one). */
export const REPUSH_METHODS = ['full', 'bypass', 'enhancer', 'ai_no_enh', 'logo_only'] as const satisfies readonly Route[];
export type RepushMethod = (typeof REPUSH_METHODS)[number];
/** the most pictures one repush sends */
export const REPUSH_MAX_IMAGES = 100;
/** the largest margin the dialog takes, in percent (the pipeline's limit) */
export const REPUSH_MARGIN_MAX = 45;
/** the route every interior repush takes */
export const INTERIOR_REPUSH_METHOD: RepushMethod = 'ai_no_enh';
/** the switches of the repush dialog, by their wire names */
export const REPUSH_SWITCHES = [
  'userControlCropEnabled',
  'userControlForceAddLogo',
  'userControlRotationFixEnabled',
  'userControlYellowFixEnabled',
  'userControlForceBGRemove',
  'userControlNumberPlates',
] as const;
export type RepushSwitch = (typeof REPUSH_SWITCHES)[number];

export const DOWNLOAD_MEDIA = ['optimized', 'original'] as const;
export type DownloadMedia = (typeof DOWNLOAD_MEDIA)[number];

/**
 * What a zip of an order holds: the optimized pictures, the originals, or all of it (the
 * originals and the optimized pictures in folders of their own, and the order's videos).
 */
export const ZIP_MEDIA = ['optimized', 'original', 'all'] as const;
export type ZipMedia = (typeof ZIP_MEDIA)[number];

// ---------------------------------------------------------------------------------------
// request bodies

/** `POST /images/get-signed-url-for-upload` */
export interface SignedUploadRequest {
  /** order id */
  order: string;
  /** position in the style guide (free-form uploads number them 1, 2, 3 …) */
  position: number;
  fileSize: number;
  height: number;
  width: number;
  contentType?: ImageContentType;
  /** from the mobile app: the phone sensors when the photo was taken (kept as sent) */
  sensorData?: Record<string, unknown>;
}

/** `POST /images/insert-image-on-order` */
export interface InsertImageRequest {
  /** order id */
  order: string;
  position: number;
  /** original: goes through the pipeline; optimized: a finished picture, shown as is */
  mediaOrigin: MediaOrigin;
  fileSize?: number;
  contentType?: ImageContentType;
}

/** `POST /images/upload-complete` */
export interface UploadCompleteRequest {
  imageId: string;
}

/** `POST /images/approval/{id}` */
export interface ApprovalRequest {
  approved: boolean;
  /** with `approved: false`: an IMAGE_ERROR tag of images, the reason; it is put on the image */
  errorTagId?: string;
}

/** The reason of an `IMAGE_DECLINED` timeline event (its payload's `reason`). */
export interface DeclineReason {
  tagId: string;
  name: string;
}

/**
 * `POST /images/repush` (spec section 3, "Repush request"): pictures of one order through the
 * pipeline again with a method, a category and, with `isImageRepushedWithSettings`, the
 * dialog's settings. An interior repush is always ai_no_enh with zero margins, on the colour
 * given or the guide's interior colour.
 */
export interface RepushRequest {
  orderId: string;
  /** 1 to 100 image ids of that order */
  imageArray: string[];
  method: RepushMethod;
  /** exterior when absent */
  imageCategory?: AngleCategory;
  /** #RRGGBB; replaces the style guide's background */
  backgroundColor?: string;
  /** the settings below count only when true */
  isImageRepushedWithSettings?: boolean;
  /** 0-100, percent of the output height from the bottom */
  horizonLineHeight?: number;
  /** 0-45 each, percent of the output */
  margins?: Margins;
  /** the order's style guide (checked when given) */
  styleGuideId?: string;
  userControlCropEnabled?: TriState;
  userControlForceAddLogo?: TriState;
  userControlRotationFixEnabled?: TriState;
  userControlYellowFixEnabled?: TriState;
  userControlForceBGRemove?: TriState;
  /**
   * the number plate switch (counts with the settings): enabled masks the plates with the
   * guide's mode (blur when the guide's is off), disabled leaves them; `auto` when absent
   */
  userControlNumberPlates?: TriState;
  /**
   * QA's plates on the original picture (repush of one image only; at most
   * MAX_PLATES_PER_PICTURE): masked instead of the ones the pipeline would find; an empty list
   * says the picture has none. They count with or without the settings.
   */
  numberPlates?: PlateQuad[];
}

/** `DELETE /images/` */
export interface DeleteImagesRequest {
  ids: string[];
}

/** `POST /images/download/{orderId}` */
export interface DownloadRequest {
  /** order id (the path has it too) */
  order?: string;
  /** image ids; empty or absent: every image */
  images?: string[];
  media?: ZipMedia;
  /** only the images marked as requiring edition */
  needsEditionOnly?: boolean;
}

// ---------------------------------------------------------------------------------------
// views: declared as the HTTP contract's schema classes


/** The type label of an image processed by a route. */
export const IMAGE_TYPE_OF_ROUTE: Record<Route, ImageType> = {
  full: 'AI',
  ai_no_enh: 'AI',
  enhancer: 'enhanced',
  bypass: 'bypassed',
  FEATURED: 'featured',
  logo_only: 'optimized',
};
