/**
 * The bucket's key layout, defined once: every object key is built here from server-side ids,
 * never taken from input, so a client cannot write outside its own order's prefix; and every
 * key the product reads back from a message (a pipeline job's source, a style guide's media)
 * is parsed here. Keys are stored in databases: a change here strands stored objects, so the
 * layout below is fixed.
 *
 * ```
 * orders/{orderId}/images/{imageId}/{original|original-shared|optimized|thumb|thumb-list|replacement}.{ext}
 * orders/{orderId}/images/{imageId}/versions/{versionId}[.thumb].jpg
 * orders/{orderId}/images/{imageId}/uploads/{token}.{ext}            (staging)
 * orders/{orderId}/videos/{videoId}/{original|thumb}.{ext}
 * orders/{orderId}/videos/{videoId}/uploads/{token}.{ext}            (staging)
 * orders/{orderId}/media360/{media360Id}/frame-NNN.{ext}
 * orders/{orderId}/media360/{media360Id}/uploads/{token}-frame-NNN.{ext} (staging)
 * media/{kind}/{mediaId}.{ext}
 * media/{kind}/uploads/{mediaId}/{token}.{ext}                        (staging)
 * downloads/{bundleId}.zip
 * deliveries/{messageId}/{file}.{ext}
 * ```
 *
 * An upload grant (presigned POST) only ever names an `…Upload` key: a one-time staging key
 * under an `uploads/` folder, new for each grant. Once the server has checked what arrived
 * there, it stores the checked bytes under the final key (`image`, `video`, `media`), which
 * no grant names, and every later read uses the final key: posting the same grant again
 * cannot change what users see. Whatever such a post leaves at a staging key that no row
 * names any more is removed by the owning service once the grant has expired.
 */
const ID_CHARS = '[A-Za-z0-9_-]{1,64}';
const EXT_CHARS = '[a-z0-9]{1,8}';
/** An id that may be part of an object key (order, image, version, medium, …). */
export const OBJECT_KEY_ID = new RegExp(`^${ID_CHARS}$`);
const ID = OBJECT_KEY_ID;
const EXT = new RegExp(`^${EXT_CHARS}$`);

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
 * (private-metadata.ts), beside the original kept as it arrived;
 * `thumb-list`: the orders list's small picture, written by the pipeline
 */
export type ImageVariant = 'original' | 'original-shared' | 'optimized' | 'thumb' | 'thumb-list' | 'replacement';

/** The pictures the pipeline writes for an image or one kept version of it: the only keys it writes. */
export interface ImageOutputKeys {
  optimized: string;
  thumb: string;
  /** the orders list's small picture; a kept version has none */
  listThumb?: string;
}

/** A key read back, taken apart. */
export type ParsedObjectKey =
  | { kind: 'image'; orderId: string; imageId: string; file: string; extension: string }
  | { kind: 'imageVersion'; orderId: string; imageId: string; versionId: string; file: 'picture' | 'thumb' }
  | { kind: 'media'; mediaKind: string; mediaId: string; extension: string };

const IMAGE_KEY = new RegExp(`^orders/(${ID_CHARS})/images/(${ID_CHARS})/([a-z-]{1,32})\\.(${EXT_CHARS})$`);
const IMAGE_VERSION_KEY = new RegExp(`^orders/(${ID_CHARS})/images/(${ID_CHARS})/versions/(${ID_CHARS})(\\.thumb)?\\.jpg$`);
/** A style-guide medium's final key, `media/{kind}/{mediaId}.{ext}`: what a pipeline job may name as a logo, background, … */
export const MEDIA_OBJECT_KEY = new RegExp(`^media/(${ID_CHARS})/(${ID_CHARS})\\.(${EXT_CHARS})$`);

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
    `${ObjectKeys.deliveriesPrefix}${id(messageId, 'delivery message id')}/${id(file, 'delivery file')}.${ext(extension)}`,
  /** the folder of every delivery's files (swept once their links expire) */
  deliveriesPrefix: 'deliveries/',

  /** the pictures the pipeline writes for an image: optimized, thumbnail and the orders list's picture */
  imageOutputs: (orderId: string, imageId: string): Required<ImageOutputKeys> => ({
    optimized: ObjectKeys.image(orderId, imageId, 'optimized', 'jpg'),
    thumb: ObjectKeys.image(orderId, imageId, 'thumb', 'jpg'),
    listThumb: ObjectKeys.image(orderId, imageId, 'thumb-list', 'jpg'),
  }),
  /** the pictures the pipeline writes for one kept version of an image (a test job) */
  versionOutputs: (orderId: string, imageId: string, versionId: string): ImageOutputKeys => ({
    optimized: ObjectKeys.imageVersion(orderId, imageId, versionId, 'picture'),
    thumb: ObjectKeys.imageVersion(orderId, imageId, versionId, 'thumb'),
  }),

  /** A key of an image, a kept version or a style-guide medium, taken apart; null for any other key. */
  parse(key: string): ParsedObjectKey | null {
    let m = IMAGE_VERSION_KEY.exec(key);
    if (m) return { kind: 'imageVersion', orderId: m[1], imageId: m[2], versionId: m[3], file: m[4] ? 'thumb' : 'picture' };
    m = IMAGE_KEY.exec(key);
    if (m) return { kind: 'image', orderId: m[1], imageId: m[2], file: m[3], extension: m[4] };
    m = MEDIA_OBJECT_KEY.exec(key);
    if (m) return { kind: 'media', mediaKind: m[1], mediaId: m[2], extension: m[3] };
    return null;
  },
  /** Whether `key` is the original (any extension) of this image: the only source a pipeline job may read. */
  isImageOriginal(key: string, orderId: string, imageId: string): boolean {
    const k = ObjectKeys.parse(key);
    return k?.kind === 'image' && k.file === 'original' && k.orderId === orderId && k.imageId === imageId;
  },
};
