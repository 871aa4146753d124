/**
 * Whether a file holds the whole of its format's structure, judged by its bytes: an upload cut
 * off halfway passes a check of its first bytes and headers, and fails only later, when the
 * whole picture or film is decoded. `whole`: the structure ends within the file (bytes after
 * its end, such as the video of a motion photo after a JPEG's end-of-image marker, are
 * allowed); `truncated`: the file ends before its structure does; `unknown`: the bytes are not
 * a structure this can follow (a broken file: the decoder's check refuses it).
 */
export type FileEnd = 'whole' | 'truncated' | 'unknown';

/** Random access to a file's bytes: a buffer in memory or an open file on disk. */
export interface ByteSource {
  size: number;
  /** up to `length` bytes from `offset` (fewer at the end of the file) */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export const bufferSource = (bytes: Uint8Array): ByteSource => ({
  size: bytes.length,
  read: (offset, length) => Promise.resolve(bytes.subarray(offset, Math.min(offset + length, bytes.length))),
});

const u32 = (b: Uint8Array, at: number): number => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
const ascii = (b: Uint8Array, start: number, end: number): string => String.fromCharCode(...b.subarray(start, end));

/**
 * A JPEG is whole when its end-of-image marker (FFD9) follows its last scan: the segments are
 * followed from the start-of-image marker, each segment skipped by its length (an EXIF
 * thumbnail's own markers are inside its segment), each scan's entropy-coded data up to the
 * next marker that is not a stuffed byte or a restart marker. Bytes after the EOI marker
 * (a motion photo's video, padding) do not matter.
 */
export function jpegEnd(b: Uint8Array): FileEnd {
  if (b.length < 2 || b[0] !== 0xff || b[1] !== 0xd8) return 'unknown';
  let pos = 2;
  for (;;) {
    if (pos >= b.length) return 'truncated';
    if (b[pos] !== 0xff) return 'unknown';
    while (pos < b.length && b[pos] === 0xff) pos++; // fill bytes before a marker
    if (pos >= b.length) return 'truncated';
    const marker = b[pos++];
    if (marker === 0xd9) return 'whole';
    // markers without a length: restart markers, TEM, a stray SOI
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xd8) continue;
    if (pos + 2 > b.length) return 'truncated';
    const length = (b[pos] << 8) | b[pos + 1];
    if (length < 2) return 'unknown';
    pos += length;
    if (pos > b.length) return 'truncated';
    if (marker !== 0xda) continue;
    // the scan's data: up to the next marker
    for (;;) {
      const ff = b.indexOf(0xff, pos);
      if (ff < 0 || ff + 1 >= b.length) return 'truncated';
      const next = b[ff + 1];
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
        pos = ff + 2;
        continue;
      }
      pos = ff;
      break;
    }
  }
}

/** A PNG is whole when its chunks, each skipped by its length, reach the IEND chunk. */
export function pngEnd(b: Uint8Array): FileEnd {
  let pos = 8;
  for (;;) {
    if (pos + 8 > b.length) return 'truncated';
    const length = u32(b, pos);
    const type = ascii(b, pos + 4, pos + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return 'unknown';
    pos += 12 + length;
    if (pos > b.length) return 'truncated';
    if (type === 'IEND') return 'whole';
  }
}

/** A WebP (RIFF) is whole when the file holds the size its RIFF header announces. */
export function webpEnd(head: Uint8Array, fileSize = head.length): FileEnd {
  if (fileSize < 12 || head.length < 8) return 'truncated';
  const size = head[4] + (head[5] << 8) + (head[6] << 16) + ((head[7] << 24) >>> 0);
  return fileSize >= 8 + size ? 'whole' : 'truncated';
}

/** top-level boxes of ISO base media files (MP4, QuickTime, HEIF) */
const BMFF_BOXES = new Set(['ftyp', 'styp', 'moov', 'mdat', 'free', 'skip', 'wide', 'uuid', 'meta', 'moof', 'mfra', 'pdin', 'sidx', 'ssix', 'prft', 'emsg', 'pnot', 'junk', 'PICT', 'idat', 'udta', 'beam']);

/**
 * An MP4 or QuickTime file is whole when its top-level boxes, each skipped by its size, end
 * within the file and its index (`moov`) is among them: a phone's film cut off in its media
 * data has an `mdat` larger than what is left, one cut off before its index at the end has
 * none. A box whose type is not a known top-level box: `unknown`.
 */
export async function isoBmffEnd(source: ByteSource, required = 'moov'): Promise<FileEnd> {
  let pos = 0;
  let found = false;
  while (pos < source.size) {
    if (pos + 8 > source.size) return 'truncated';
    const head = await source.read(pos, 16);
    let size = u32(head, 0);
    const type = ascii(head, 4, 8);
    if (!BMFF_BOXES.has(type)) return 'unknown';
    if (type === required) found = true;
    if (size === 1) {
      if (head.length < 16) return 'truncated';
      size = u32(head, 8) * 2 ** 32 + u32(head, 12);
    } else if (size === 0) {
      // the last box, to the end of the file
      return found ? 'whole' : 'truncated';
    }
    if (size < 8) return 'unknown';
    pos += size;
    if (pos > source.size) return 'truncated';
  }
  return found ? 'whole' : 'truncated';
}

/** An EBML variable-length integer at `at`: its value and length; `unknown` sizes are null. */
function vint(b: Uint8Array, at: number, keepMarker: boolean): { value: number | null; length: number } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i];
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value: !keepMarker && allOnes ? null : value, length };
}

/**
 * A WebM (Matroska) file is whole when its Segment ends within the file. A Segment of unknown
 * size (a live recording) cannot say: `unknown`.
 */
export async function webmEnd(source: ByteSource): Promise<FileEnd> {
  let pos = 0;
  while (pos < source.size) {
    const head = await source.read(pos, 16);
    const id = vint(head, 0, true);
    if (!id) return 'truncated';
    const size = vint(head, id.length, false);
    if (!size) return 'truncated';
    if (size.value === null) return 'unknown';
    pos += id.length + size.length + size.value;
    if (pos > source.size) return 'truncated';
    if (id.value === 0x18538067) return 'whole';
  }
  return 'truncated';
}

/** Whether an uploaded picture or film of `mime` (as detected from its bytes) is whole. */
export async function fileEnd(source: ByteSource, mime: string): Promise<FileEnd> {
  switch (mime) {
    case 'image/jpeg':
      return jpegEnd(await source.read(0, source.size));
    case 'image/png':
      return pngEnd(await source.read(0, source.size));
    case 'image/webp':
      return webpEnd(await source.read(0, 16), source.size);
    case 'video/mp4':
    case 'video/quicktime':
      return isoBmffEnd(source);
    case 'image/heic':
    case 'image/avif':
      return isoBmffEnd(source, 'meta');
    case 'video/webm':
      return webmEnd(source);
    default:
      return 'unknown';
  }
}

