/** A file type recognised from its first bytes, never from its name or declared type. */
export interface DetectedType {
  mime: string;
  ext: string;
}

const startsWith = (buf: Uint8Array, bytes: number[], offset = 0): boolean =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

const ascii = (buf: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...buf.subarray(start, Math.min(end, buf.length)));

/** Recognises the image and video formats the product accepts by their magic bytes. */
export function detectFileType(head: Uint8Array): DetectedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { mime: 'image/gif', ext: 'gif' };
  if (ascii(head, 0, 5) === '<?xml' || ascii(head, 0, 4) === '<svg') return { mime: 'image/svg+xml', ext: 'svg' };
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return { mime: 'image/heic', ext: 'heic' };
    if (brand === 'avif') return { mime: 'image/avif', ext: 'avif' };
    if (brand === 'qt  ') return { mime: 'video/quicktime', ext: 'mov' };
    return { mime: 'video/mp4', ext: 'mp4' };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: 'video/webm', ext: 'webm' };
  return null;
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/avif'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
