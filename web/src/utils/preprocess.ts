import { IMAGE_CONTENT_TYPES, IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH, IMAGE_UPLOAD_MAX_BYTES, type ImageContentType } from '@app/contracts/wire';

/**
 * Browser-side preprocessing of a photo before upload, as pure functions
 * with the browser's decoding and encoding passed in, so the rules are testable anywhere:
 *
 * - a photo larger than 4032x3024 (either way round: 3024x4032 is fine too), or whose size is
 *   over 8388608 bytes, is scaled down proportionally to fit;
 * - then it is re-encoded as JPEG starting at quality 1, lowering by 0.1 while the result is
 *   over 8388608 bytes, down to 0.1; its name keeps the base name with `.jpg`;
 * - a file of a type the server does not take (not JPEG, PNG or WebP) is re-encoded too;
 * - a photo whose size cannot be measured counts as 1280x720.
 * Anything else is uploaded as it is.
 */

export interface Dimensions {
  width: number;
  height: number;
}

/** What a photo with no measurable size counts as. */
export const DEFAULT_DIMENSIONS: Readonly<Dimensions> = { width: 1280, height: 720 };

/** Quality steps of the JPEG re-encoding: 1, 0.9, … 0.1 (in tenths, so no float drift). */
export const QUALITY_STEPS: readonly number[] = Array.from({ length: 10 }, (_, i) => (10 - i) / 10);

const usable = (n: number | undefined | null): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** The measured size, or 1280x720 when there is none. */
export function measuredOrDefault(measured: Partial<Dimensions> | null | undefined): Dimensions {
  if (measured && usable(measured.width) && usable(measured.height)) return { width: Math.round(measured.width), height: Math.round(measured.height) };
  return { ...DEFAULT_DIMENSIONS };
}

/** The box a photo must fit: 4032x3024 for a landscape photo, 3024x4032 for a portrait one. */
export function boxFor({ width, height }: Dimensions): Dimensions {
  return height > width ? { width: IMAGE_MAX_HEIGHT, height: IMAGE_MAX_WIDTH } : { width: IMAGE_MAX_WIDTH, height: IMAGE_MAX_HEIGHT };
}

export function isOversized(size: Dimensions): boolean {
  const box = boxFor(size);
  return size.width > box.width || size.height > box.height;
}

/**
 * The size to encode at: the photo scaled proportionally into its box when larger, else as
 * it is. A file over 8 MB with dimensions inside the box keeps them (the JPEG quality steps
 * bring it under the limit).
 */
export function targetDimensions(size: Dimensions): Dimensions {
  if (!isOversized(size)) return { ...size };
  const box = boxFor(size);
  const scale = Math.min(box.width / size.width, box.height / size.height);
  return { width: Math.max(1, Math.floor(size.width * scale)), height: Math.max(1, Math.floor(size.height * scale)) };
}

export interface FileFacts {
  size: number;
  type: string;
}

export function isAcceptedType(type: string): type is ImageContentType {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(type);
}

/** Whether the photo must be re-encoded before upload: too large in pixels or bytes, or of a type the server refuses. */
export function needsReencoding(file: FileFacts, size: Dimensions): boolean {
  return isOversized(size) || file.size > IMAGE_UPLOAD_MAX_BYTES || !isAcceptedType(file.type);
}

/** `car.front.png` → `car.front.jpg`; a name without an extension gets one. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'image'}.jpg`;
}

/**
 * Encodes at quality 1, then 0.9, … while the result is over the limit; the last step (0.1)
 * is kept whatever its size (the server's check has the last word).
 */
export async function encodeUnderLimit(encode: (quality: number) => Promise<Blob>, limit = IMAGE_UPLOAD_MAX_BYTES): Promise<{ blob: Blob; quality: number }> {
  let last: { blob: Blob; quality: number } | undefined;
  for (const quality of QUALITY_STEPS) {
    last = { blob: await encode(quality), quality };
    if (last.blob.size <= limit) return last;
  }
  return last!;
}

export interface PreparedImage {
  file: File;
  width: number;
  height: number;
  contentType: ImageContentType;
}

/** What the browser does for the preprocessing (see `browserImageTools`), passed in. */
export interface ImageTools {
  /** the photo's pixel size, or null when it cannot be read */
  measure(file: File): Promise<Dimensions | null>;
  /** the photo drawn at `size` and encoded as JPEG at `quality` */
  encodeJpeg(file: File, size: Dimensions, quality: number): Promise<Blob>;
}

/** The photo as it will be uploaded: as it is when it passes, else resized and re-encoded as JPEG. */
export async function prepareImage(file: File, tools: ImageTools): Promise<PreparedImage> {
  const measured = measuredOrDefault(await tools.measure(file).catch(() => null));
  if (!needsReencoding(file, measured)) return { file, ...measured, contentType: file.type as ImageContentType };
  const target = targetDimensions(measured);
  const { blob } = await encodeUnderLimit((quality) => tools.encodeJpeg(file, target, quality));
  return { file: new File([blob], jpegName(file.name), { type: 'image/jpeg' }), ...target, contentType: 'image/jpeg' };
}

/** The browser's decoding (createImageBitmap) and encoding (a canvas to a JPEG blob). */
export const browserImageTools: ImageTools = {
  async measure(file) {
    if (typeof createImageBitmap !== 'function') return null;
    const bitmap = await createImageBitmap(file);
    try {
      return { width: bitmap.width, height: bitmap.height };
    } finally {
      bitmap.close();
    }
  },
  async encodeJpeg(file, size, quality) {
    if (typeof createImageBitmap !== 'function') throw new Error('Failed to load image');
    const bitmap = await createImageBitmap(file).catch((cause: unknown) => {
      throw new Error('Failed to load image', { cause });
    });
    try {
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('Failed to create blob from canvas');
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      return await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Failed to create blob from canvas'))), 'image/jpeg', quality),
      );
    } finally {
      bitmap.close();
    }
  },
};

/** A file the browser can take as a picture (by its type, or by its name when the type is missing). */
export const isImage = (file: File) => file.type.startsWith('image/') || /\.(jpe?g|png|webp|heic|heif|gif|bmp)$/i.test(file.name);
