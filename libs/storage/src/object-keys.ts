/**
 * Object keys are built here from server-side ids, never taken from input, so a client
 * cannot write outside its own order's prefix.
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

/** `replacement`: a finished picture uploaded by QA, checked before it becomes the optimized one */
export type ImageVariant = 'original' | 'optimized' | 'thumb' | 'replacement';

export const ObjectKeys = {
  image: (orderId: string, imageId: string, variant: ImageVariant, extension: string): string =>
    `orders/${id(orderId, 'order id')}/images/${id(imageId, 'image id')}/${variant}.${ext(extension)}`,
  video: (orderId: string, videoId: string, file: 'original' | 'thumb', extension: string): string =>
    `orders/${id(orderId, 'order id')}/videos/${id(videoId, 'video id')}/${file}.${ext(extension)}`,
  media: (kind: string, mediaId: string, extension: string): string =>
    `media/${id(kind, 'media kind')}/${id(mediaId, 'media id')}.${ext(extension)}`,
  download: (bundleId: string): string => `downloads/${id(bundleId, 'bundle id')}.zip`,
};
