import { crc32 } from 'node:zlib';

/**
 * Private metadata: what a photo's own file can say about where it was taken and whose camera
 * took it. Every file that leaves the product without it is rewritten here, by editing its
 * metadata only: the compressed picture is copied as it is, never decoded or re-encoded.
 *
 * Removed: the GPS IFD (every GPS tag), the owner's and photographer's names (`OwnerName` /
 * `CameraOwnerName`, `Artist`, `XPAuthor`), the body, camera and lens serial numbers
 * (`BodySerialNumber`, `SerialNumber`, `CameraSerialNumber`, `LensSerialNumber`) and the
 * maker notes (each maker's own block, where serial numbers hide too), in the EXIF of a JPEG
 * (APP1), a PNG (`eXIf`) or a WebP (`EXIF`); an XMP packet that names any of them; Photoshop's
 * IPTC block (APP13: by-line, city, location) and PNG text that holds a copy of the EXIF, IPTC
 * or XMP. Kept: the rest of the EXIF (orientation included), the colour profile (APP2,
 * `iCCP`, `ICCP`) and an XMP packet without private properties, such as the product's own
 * edit disclosure (edit-disclosure.ts).
 *
 * The EXIF is edited in place: the entries go from their directory and the bytes of their
 * values are zeroed, so nothing moves and no offset changes. A file with nothing to remove is
 * answered as the same Buffer.
 */

/** EXIF tags removed from every directory (IFD0, the EXIF IFD, IFD1). */
const PRIVATE_TAGS = new Set([
  0x8825, // GPSInfo: the GPS IFD
  0x013b, // Artist
  0x9c9d, // XPAuthor
  0xc62f, // CameraSerialNumber
  0xa430, // CameraOwnerName (OwnerName)
  0xa431, // BodySerialNumber (SerialNumber)
  0xa435, // LensSerialNumber
  0xfde8, // OwnerName (older makers' tag)
  0xfde9, // SerialNumber (older makers' tag)
  0x927c, // MakerNote
]);
const GPS_IFD = 0x8825;
const EXIF_IFD = 0x8769;
/** bytes of one value of each TIFF type (1 BYTE … 13 IFD) */
const TYPE_BYTES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];

/** An XMP packet that says where or whose: dropped whole (the product's own never does). */
const PRIVATE_XMP = /GPS|SerialNumber|Owner|aux:Lens|dc:creator|Iptc4xmpCore:Location|LocationCreated|LocationShown|photoshop:(City|State|Country)/i;

class MalformedMetadataError extends Error {}

/**
 * Rewrites the TIFF structure of an EXIF block in place (`tiff` is a copy owned by the
 * caller); answers whether anything was removed. Throws MalformedMetadataError on a block
 * that points outside itself.
 */
function scrubTiff(tiff: Buffer): boolean {
  if (tiff.length < 8) throw new MalformedMetadataError();
  const little = tiff.toString('latin1', 0, 2) === 'II';
  if (!little && tiff.toString('latin1', 0, 2) !== 'MM') throw new MalformedMetadataError();
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const w16 = (at: number, v: number) => (little ? tiff.writeUInt16LE(v, at) : tiff.writeUInt16BE(v, at));
  const w32 = (at: number, v: number) => (little ? tiff.writeUInt32LE(v, at) : tiff.writeUInt32BE(v, at));
  const check = (at: number, length: number) => {
    if (at < 0 || length < 0 || at + length > tiff.length) throw new MalformedMetadataError();
  };
  const seen = new Set<number>();
  let changed = false;

  /** the out-of-line bytes of an entry's value, zeroed */
  const zeroValue = (entry: number) => {
    const size = (TYPE_BYTES[u16(entry + 2)] ?? 1) * u32(entry + 4);
    if (size <= 4) return;
    const at = u32(entry + 8);
    check(at, size);
    tiff.fill(0, at, at + size);
  };
  /** a whole directory (the GPS IFD) and its values, zeroed */
  const zeroIfd = (at: number) => {
    check(at, 2);
    const count = u16(at);
    check(at, 2 + 12 * count + 4);
    for (let i = 0; i < count; i++) zeroValue(at + 2 + 12 * i);
    tiff.fill(0, at, at + 2 + 12 * count + 4);
  };
  /** removes the private entries of a directory; answers the offset of the next one */
  const scrubIfd = (at: number): number => {
    if (seen.has(at)) throw new MalformedMetadataError();
    seen.add(at);
    check(at, 2);
    const count = u16(at);
    check(at, 2 + 12 * count + 4);
    const next = u32(at + 2 + 12 * count);
    const kept: Buffer[] = [];
    for (let i = 0; i < count; i++) {
      const entry = at + 2 + 12 * i;
      const tag = u16(entry);
      if (tag === EXIF_IFD) scrubIfd(u32(entry + 8));
      if (!PRIVATE_TAGS.has(tag)) {
        kept.push(Buffer.from(tiff.subarray(entry, entry + 12)));
        continue;
      }
      if (tag === GPS_IFD) zeroIfd(u32(entry + 8));
      else zeroValue(entry);
      changed = true;
    }
    if (kept.length === count) return next;
    w16(at, kept.length);
    kept.forEach((entry, i) => entry.copy(tiff, at + 2 + 12 * i));
    const end = at + 2 + 12 * kept.length;
    w32(end, next);
    tiff.fill(0, end + 4, at + 2 + 12 * count + 4);
    return next;
  };

  let ifd = u32(4);
  while (ifd !== 0) ifd = scrubIfd(ifd);
  return changed;
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const XMP_NAMESPACE = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
const XMP_EXTENSION = Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1');
const PHOTOSHOP = Buffer.from('Photoshop 3.0\0', 'latin1');

const startsWith = (data: Buffer, prefix: Buffer) => data.length >= prefix.length && data.subarray(0, prefix.length).equals(prefix);

/** An EXIF block (TIFF, maybe behind `Exif\0\0`) without private tags; null to drop it (malformed), the same Buffer when clean. */
function scrubExifBlock(block: Buffer): Buffer | null {
  const offset = startsWith(block, EXIF_HEADER) ? EXIF_HEADER.length : 0;
  const copy = Buffer.from(block);
  try {
    return scrubTiff(copy.subarray(offset)) ? copy : block;
  } catch (err) {
    if (err instanceof MalformedMetadataError) return null;
    throw err;
  }
}

function withoutPrivateJpeg(jpeg: Buffer): Buffer {
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let changed = false;
  let at = 2;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) throw new Error('a JPEG segment is cut short');
    const marker = jpeg[at + 1]!;
    if (marker === 0xff) {
      // a fill byte
      parts.push(jpeg.subarray(at, at + 1));
      at += 1;
      continue;
    }
    // the start of the scan (the compressed picture) or the end: copied as they are
    if (marker === 0xda || marker === 0xd9) break;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(jpeg.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const length = jpeg.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > jpeg.length) throw new Error('a JPEG segment is cut short');
    const segment = jpeg.subarray(at, at + 2 + length);
    const data = jpeg.subarray(at + 4, at + 2 + length);
    at += 2 + length;
    if (marker === 0xe1 && startsWith(data, EXIF_HEADER)) {
      const scrubbed = scrubExifBlock(data);
      if (scrubbed === data) parts.push(segment);
      else {
        changed = true;
        if (scrubbed) parts.push(segment.subarray(0, 4), scrubbed);
      }
    } else if (marker === 0xe1 && startsWith(data, XMP_NAMESPACE)) {
      if (PRIVATE_XMP.test(data.toString('utf8', XMP_NAMESPACE.length))) changed = true;
      else parts.push(segment);
    } else if ((marker === 0xe1 && startsWith(data, XMP_EXTENSION)) || (marker === 0xed && startsWith(data, PHOTOSHOP))) {
      changed = true;
    } else parts.push(segment);
  }
  if (!changed) return jpeg;
  parts.push(jpeg.subarray(at));
  return Buffer.concat(parts);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** text keywords that hold the EXIF, IPTC or XMP as text (ImageMagick's raw profiles), or a name */
const PRIVATE_PNG_TEXT = /^(Author|Artist|Owner|Raw profile type (exif|app1|iptc|8bim|xmp))$/i;

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function withoutPrivatePng(png: Buffer): Buffer {
  const parts: Buffer[] = [png.subarray(0, 8)];
  let changed = false;
  let at = 8;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > png.length) throw new Error('a PNG chunk is cut short');
    const chunk = png.subarray(at, at + 12 + length);
    const data = png.subarray(at + 8, at + 8 + length);
    at += 12 + length;
    if (type === 'eXIf') {
      const scrubbed = scrubExifBlock(data);
      if (scrubbed === data) parts.push(chunk);
      else {
        changed = true;
        if (scrubbed) parts.push(pngChunk(type, scrubbed));
      }
    } else if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      const keyword = data.toString('latin1', 0, Math.max(0, data.indexOf(0)));
      const privateText = PRIVATE_PNG_TEXT.test(keyword) || (keyword === 'XML:com.adobe.xmp' && PRIVATE_XMP.test(data.toString('utf8')));
      if (privateText) changed = true;
      else parts.push(chunk);
    } else parts.push(chunk);
    if (type === 'IEND') break;
  }
  if (!changed) return png;
  parts.push(png.subarray(at));
  return Buffer.concat(parts);
}

const VP8X_XMP_FLAG = 0x04;
const VP8X_EXIF_FLAG = 0x08;

function withoutPrivateWebp(webp: Buffer): Buffer {
  const parts: Buffer[] = [];
  let changed = false;
  let exifDropped = false;
  let xmpDropped = false;
  let at = 12;
  while (at + 8 <= webp.length) {
    const type = webp.toString('latin1', at, at + 4);
    const length = webp.readUInt32LE(at + 4);
    const padded = length + (length & 1);
    if (at + 8 + length > webp.length) throw new Error('a WebP chunk is cut short');
    const chunk = webp.subarray(at, Math.min(webp.length, at + 8 + padded));
    const data = webp.subarray(at + 8, at + 8 + length);
    at += 8 + padded;
    if (type === 'EXIF') {
      const scrubbed = scrubExifBlock(data);
      if (scrubbed === data) parts.push(chunk);
      else {
        changed = true;
        if (scrubbed) parts.push(chunk.subarray(0, 8), scrubbed, chunk.subarray(8 + length));
        else exifDropped = true;
      }
    } else if (type === 'XMP ' && PRIVATE_XMP.test(data.toString('utf8'))) {
      changed = true;
      xmpDropped = true;
    } else parts.push(chunk);
  }
  if (!changed) return webp;
  const body = Buffer.concat(parts);
  // the extended header's flags say which chunks follow
  if (body.toString('latin1', 0, 4) === 'VP8X' && body.length > 8) {
    if (exifDropped) body[8] = body[8]! & ~VP8X_EXIF_FLAG;
    if (xmpDropped) body[8] = body[8]! & ~VP8X_XMP_FLAG;
  }
  const head = Buffer.from(webp.subarray(0, 12));
  head.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([head, body]);
}

/**
 * The file without its private metadata (above): a JPEG, PNG or WebP rewritten, the same
 * Buffer when there was nothing to remove or the file is of another kind. Throws on a JPEG,
 * PNG or WebP whose structure is cut short.
 */
export function withoutPrivateMetadata(file: Buffer): Buffer {
  if (file.length >= 4 && file[0] === 0xff && file[1] === 0xd8) return withoutPrivateJpeg(file);
  if (file.length >= 8 && file.subarray(0, 8).equals(PNG_SIGNATURE)) return withoutPrivatePng(file);
  if (file.length >= 12 && file.toString('latin1', 0, 4) === 'RIFF' && file.toString('latin1', 8, 12) === 'WEBP') return withoutPrivateWebp(file);
  return file;
}
