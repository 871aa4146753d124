/**
 * Edit disclosure: every picture the product writes as an image's optimized picture says in
 * its own file that it was digitally edited, and how, as XMP (the IPTC Photo Metadata
 * standard's `Iptc4xmpExt:DigitalSourceType`, a `dc:description` and a `photoshop:History`
 * line). Downloads and deliveries read the stored files, so they carry it too.
 *
 * The pipeline encodes its output anyway and hands the packet to sharp (`withXmp`); a JPEG
 * kept byte for byte (QA's own export) gets the packet spliced in as an APP1 segment, without
 * decoding or re-encoding a pixel (`withXmpSegment`).
 */

/** IPTC Digital Source Type NewsCodes (http://cv.iptc.org/newscodes/digitalsourcetype/) the product writes. */
export const DIGITAL_SOURCE_TYPES = {
  /** the car of a real photo on a new background made by the pipeline: a composite */
  compositeWithTrainedAlgorithmicMedia: 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
  /** a real photo corrected or enhanced by an algorithm (levels, colour, straightening, a logo) */
  algorithmicallyEnhanced: 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicallyEnhanced',
  /** a picture a person edited with their own tools (QA's replacement or inserted finished picture) */
  humanEdits: 'http://cv.iptc.org/newscodes/digitalsourcetype/humanEdits',
} as const;
export type DigitalSourceType = (typeof DIGITAL_SOURCE_TYPES)[keyof typeof DIGITAL_SOURCE_TYPES];

/** What was done to a picture, in the words the file's description lists. */
export const PICTURE_EDITS = [
  'background replaced',
  'placed on a featured image',
  'shadow added',
  'enhanced',
  'yellow light corrected',
  'straightened',
  'cropped',
  'resized',
  'logo added',
  'number plate masked',
  'overlays added',
  'edited by hand',
  'digitally edited label added',
] as const;
export type PictureEdit = (typeof PICTURE_EDITS)[number];

export interface EditDisclosure {
  digitalSourceType: DigitalSourceType;
  /** in the order they happened; shown as one line */
  edits: readonly PictureEdit[];
}

/** The one line of the description: `Digitally edited: background replaced, enhanced, logo added.` */
export function editDescription(d: EditDisclosure): string {
  return d.edits.length ? `Digitally edited: ${d.edits.join(', ')}.` : 'Digitally edited.';
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The XMP packet of a disclosure. */
export function editDisclosureXmp(d: EditDisclosure): string {
  const line = escapeXml(editDescription(d));
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '  <rdf:Description rdf:about=""',
    '    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    '    xmlns:dc="http://purl.org/dc/elements/1.1/"',
    '    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"',
    `    Iptc4xmpExt:DigitalSourceType="${escapeXml(d.digitalSourceType)}"`,
    `    photoshop:History="${line}">`,
    '   <dc:description>',
    '    <rdf:Alt>',
    `     <rdf:li xml:lang="x-default">${line}</rdf:li>`,
    '    </rdf:Alt>',
    '   </dc:description>',
    '  </rdf:Description>',
    ' </rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** The name that opens an XMP APP1 segment. */
const XMP_NAMESPACE = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
/** at most this many bytes after the marker in one segment (its length field included) */
const MAX_SEGMENT = 0xffff;

function isXmpSegment(jpeg: Buffer, at: number, length: number): boolean {
  return jpeg[at + 1] === 0xe1 && length - 2 >= XMP_NAMESPACE.length && jpeg.subarray(at + 4, at + 4 + XMP_NAMESPACE.length).equals(XMP_NAMESPACE);
}

/**
 * The same JPEG with `xmp` as its one XMP packet: an APP1 segment after the leading JFIF and
 * EXIF segments, replacing an XMP segment the file had. The compressed picture is copied as
 * it is. Throws on a file that is not a JPEG or whose leading segments are cut short.
 */
export function withXmpSegment(jpeg: Buffer, xmp: string): Buffer {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG file');
  const packet = Buffer.from(xmp, 'utf8');
  const segmentLength = 2 + XMP_NAMESPACE.length + packet.length;
  if (segmentLength > MAX_SEGMENT) throw new Error('the XMP packet does not fit one JPEG segment');
  const kept: Buffer[] = [];
  let at = 2;
  // the leading application segments (APP0 to APP15) and comments; the picture follows them
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff && ((jpeg[at + 1]! >= 0xe0 && jpeg[at + 1]! <= 0xef) || jpeg[at + 1] === 0xfe)) {
    const length = jpeg.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > jpeg.length) throw new Error('a JPEG segment is cut short');
    if (!isXmpSegment(jpeg, at, length)) kept.push(jpeg.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  const header = Buffer.alloc(4);
  header[0] = 0xff;
  header[1] = 0xe1;
  header.writeUInt16BE(segmentLength, 2);
  return Buffer.concat([jpeg.subarray(0, 2), ...kept, header, XMP_NAMESPACE, packet, jpeg.subarray(at)]);
}
