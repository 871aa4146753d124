/**
 * Object keys are built here from server-side ids, never taken from input, so a client
 * cannot write outside its own order's prefix.
 *
 * An upload grant (presigned POST) only ever names an `…Upload` key: a one-time staging key
 * under an `uploads/` folder, new for each grant. Once the server has checked what arrived
 * there, it stores the checked bytes under the final key (`image`, `video`, `media`), which
 * no grant names, and every later read uses the final key: posting the same grant again
 * cannot change what users see. Whatever such a post leaves at a staging key that no row
 * names any more is removed by the owning service once the grant has expired.
 */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const EXT = /^[a-z0-9]{1,8}$/;

function id(value: string, what: string): string {
  if (!ID.test(value)) throw new Error(`invalid ${what} for an object key: ${value}`);
  return value;
}

function ext(value: string): string {
  if (!EXT.test(value)) throw new Error(`invalid extension for an object key: ${value}`);
  return value;
}

/**
 * `replacement`: a finished picture uploaded by QA, checked before it becomes the optimized one;
 * `original-shared`: the original as it is downloaded, without its private metadata
 * (private-metadata.ts), beside the original kept as it arrived
 */
export type ImageVariant = 'original' | 'original-shared' | 'optimized' | 'thumb' | 'replacement';

/** `frame-001`: frames sort by name in their order */
function frameName(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > 999) throw new Error(`invalid frame index for an object key: ${index}`);
  return `frame-${String(index + 1).padStart(3, '0')}`;
}

export const ObjectKeys = {
  image: (orderId: string, imageId: string, variant: ImageVariant, extension: string): string =>
    `orders/${id(orderId, 'order id')}/images/${id(imageId, 'image id')}/${variant}.${ext(extension)}`,
  video: (orderId: string, videoId: string, file: 'original' | 'thumb', extension: string): string =>
    `orders/${id(orderId, 'order id')}/videos/${id(videoId, 'video id')}/${file}.${ext(extension)}`,
  /** frame `index` (from 0) of an order's 360: an exterior's frame or an interior's panorama (index 0) */
  media360Frame: (orderId: string, media360Id: string, index: number, extension: string): string =>
    `orders/${id(orderId, 'order id')}/media360/${id(media360Id, '360 id')}/${frameName(index)}.${ext(extension)}`,
  /** staging key of one frame's upload grant of a 360 */
  media360Upload: (orderId: string, media360Id: string, index: number, token: string, extension: string): string =>
    `orders/${id(orderId, 'order id')}/media360/${id(media360Id, '360 id')}/uploads/${id(token, 'upload token')}-${frameName(index)}.${ext(extension)}`,
  media: (kind: string, mediaId: string, extension: string): string =>
    `media/${id(kind, 'media kind')}/${id(mediaId, 'media id')}.${ext(extension)}`,
  /**
   * one kept version of an image's picture (`.jpg`) or its thumbnail (`.thumb.jpg`): written
   * once, never overwritten, removed with the image
   */
  imageVersion: (orderId: string, imageId: string, versionId: string, file: 'picture' | 'thumb'): string =>
    `orders/${id(orderId, 'order id')}/images/${id(imageId, 'image id')}/versions/${id(versionId, 'version id')}${file === 'thumb' ? '.thumb' : ''}.jpg`,
  /** staging key of one upload grant for an image (an original, an inserted or a replacing picture) */
  imageUpload: (orderId: string, imageId: string, token: string, extension: string): string =>
    `orders/${id(orderId, 'order id')}/images/${id(imageId, 'image id')}/uploads/${id(token, 'upload token')}.${ext(extension)}`,
  /** staging key of one upload grant for a video */
  videoUpload: (orderId: string, videoId: string, token: string, extension: string): string =>
    `orders/${id(orderId, 'order id')}/videos/${id(videoId, 'video id')}/uploads/${id(token, 'upload token')}.${ext(extension)}`,
  /** staging key of one upload grant for a style-guide medium */
  mediaUpload: (kind: string, mediaId: string, token: string, extension: string): string =>
    `media/${id(kind, 'media kind')}/uploads/${id(mediaId, 'media id')}/${id(token, 'upload token')}.${ext(extension)}`,
  download: (bundleId: string): string => `downloads/${id(bundleId, 'bundle id')}.zip`,
  /** a file of one delivery that the output rules changed, linked from an API delivery's payload */
  delivery: (messageId: string, file: string, extension: string): string =>
    `deliveries/${id(messageId, 'delivery message id')}/${id(file, 'delivery file')}.${ext(extension)}`,
};
